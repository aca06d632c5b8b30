// Engaged time and scroll depth of each pageview, sent as one engagement event when the page is hidden or left,
// when an SPA navigates away, and every few minutes of a long visit. Time counts while the page is visible and
// the visitor was active (input, pointer, scroll, focus) within the last IDLE_MS; hidden or idle, it stops.
import { currentPath } from './events.js';
import type { Core, EventType, Extra, Properties } from './types.js';

/** Activity keeps a page engaged for this long after it (ms). */
export const IDLE_MS = 30_000;
/** A long visit reports what it has gathered this often (ms). */
export const PERIOD_MS = 300_000;

const ACTIVITY = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'wheel', 'touchstart', 'focus'];

export function watchEngagement(core: Core): void {
  const route = (window as unknown as Record<string, ((path: string) => string) | undefined>)['_' + core.n + 'Path'];
  const send = core.t;
  const visible = () => document.visibilityState == 'visible';
  let page = '';
  let title = '';
  let engaged = 0;
  let from = 0;
  let until = 0;
  let depth = 0;
  let sentDepth = 0;

  // Adds the active time since the last settle (up to the idle deadline); a stretch goes on only while visible.
  const settle = () => {
    const now = Date.now();
    if (from) engaged += Math.max(0, Math.min(now, until) - from);
    from = from && now < until && visible() ? now : 0;
  };
  const active = () => {
    settle();
    if (visible()) {
      const now = Date.now();
      from = from || now;
      until = now + IDLE_MS;
    }
  };
  const measure = () => {
    const height = document.documentElement.scrollHeight;
    depth = Math.max(depth, height ? Math.min(100, Math.round(((scrollY + innerHeight) * 100) / height)) : 100);
  };
  const flush = () => {
    settle();
    const ms = Math.round(engaged);
    if (page && (ms > 0 || depth > sentDepth)) send('engagement', '', undefined, { engaged_ms: ms, scroll_depth: depth, pathname: page, page_title: title });
    engaged = 0;
    sentDepth = depth;
  };
  const start = () => {
    const path = currentPath();
    page = route ? route(path) : path;
    title = document.title;
    depth = sentDepth = 0;
    measure();
    active();
  };

  // A pageview (SPA navigation) closes the previous page's account first.
  core.t = (type: EventType, name?: string, properties?: Properties, extra?: Extra) => {
    if (type == 'pageview') flush();
    send(type, name, properties, extra);
    if (type == 'pageview') start();
  };
  for (const name of ACTIVITY) addEventListener(name, active, { capture: true, passive: true });
  addEventListener('scroll', measure, { passive: true });
  addEventListener('resize', measure, { passive: true });
  document.addEventListener('visibilitychange', () => (visible() ? active() : flush()));
  addEventListener('pagehide', flush);
  setInterval(flush, PERIOD_MS);
  start();
}
