// replay.js: records the visitor's session with rrweb's recorder (loaded only when the site has replay on and
// this browser session is in the sample), privacy first, and sends it in batches to the record route.
import { record } from 'rrweb';
import { moduleCore, moduleTag } from '../modules.js';
import { optedOut } from '../privacy.js';
import { createSender } from '../replay/replay-sender.js';
import { replaySettings, sampled } from '../replay/replay-settings.js';
import { readTag } from '../tag-config.js';
import type { Core } from '../types.js';

/** The core's own tag: script.js beside this module (its attributes name the API host and the replay settings). */
function coreTag(): HTMLScriptElement | undefined {
  const own = (moduleTag() as HTMLScriptElement | null)?.src || '';
  const core = own.replace(/replay\.js(\?.*)?$/, 'script.js');
  for (const script of document.scripts) if (script.src.split('?')[0] == core) return script;
  return undefined;
}

const core = moduleCore<Core & { c: { siteId?: number } }>();
const tag = coreTag();
if (core && tag && core.c.siteId && !optedOut(core.n)) {
  const attr = (name: string) => tag.getAttribute('data-' + name);
  const settings = replaySettings(attr, core.c);
  const startedKey = core.n + '-replay-started';
  let started = Date.now();
  try {
    started = +sessionStorage[startedKey] || started;
    sessionStorage[startedKey] = started;
  } catch {
    // Storage blocked: the length limit counts from this page.
  }
  const api = (window as unknown as Record<string, { getUserId?: () => string | null } | undefined>)[core.n];
  const ends = started + settings.maxMinutes * 60000;
  if (sampled(core.n + '-replay-sampled', settings.sampleRate) && Date.now() < ends) {
    const sender = createSender({
      url: readTag(tag).api + '/api/session-replay/record/' + core.c.siteId,
      batchSize: settings.batchSize,
      batchInterval: settings.batchInterval,
      user: () => api?.getUserId?.() || '',
    });
    const stop = () => {
      stopRecording?.();
      sender.stop();
      clearInterval(watch);
    };
    // The opt-out flags stop a recording under way too, and so does the session's length limit.
    const watch = setInterval(() => (optedOut(core.n) || Date.now() >= ends) && stop(), 1000);
    const stopRecording = record({
      emit: (event) => sender.add(event),
      // A full snapshot at start and every five minutes: a recording can be played from any of them.
      checkoutEveryNms: 5 * 60000,
      maskAllInputs: true,
      maskInputOptions: { password: true, email: true },
      maskTextClass: 'rr-mask',
      ...(settings.maskText ? { maskTextSelector: settings.maskText } : {}),
      blockClass: 'rr-block',
      blockSelector: '[data-loupe-block]',
      ignoreClass: 'rr-ignore',
      recordCanvas: false,
      recordCrossOriginIframes: false,
      collectFonts: false,
      inlineImages: false,
      sampling: { mousemove: 100, scroll: 150, media: 800, input: 'last' },
      slimDOMOptions: { script: true, comment: true, headFavicon: true, headWhitespace: true, headMetaSocial: true, headMetaRobots: true, headMetaHttpEquiv: true, headMetaVerification: true },
    });
  }
}
