// Writes a large export file for the import benchmark: Umami CSV or Loupe NDJSON rows of made-up visits,
// the same for the same size (a fixed sequence, no randomness), streamed to disk.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const PATHS = ['/', '/pricing', '/docs', '/docs/install', '/blog', '/blog/launch', '/about', '/contact'];
const REFERRERS = ['', '', 'www.google.com', 'news.ycombinator.com', 'duckduckgo.com', 'twitter.com'];
const UMAMI_HEADER = 'event_id,session_id,visit_id,created_at,hostname,url_path,url_query,referrer_domain,page_title,event_type,event_name,browser,os,device,screen,language,country';
const DAY_MS = 86_400_000;

/** Row `index` of the sequence: visits of 4 events each, a visit every ~40 s over the days before `end`. */
function eventAt(index: number, end: number) {
  const visit = Math.floor(index / 4);
  const at = end - 60 * DAY_MS + visit * 40_000 + (index % 4) * 15_000;
  return {
    visit,
    at: new Date(at).toISOString().slice(0, 23).replace('T', ' '),
    path: PATHS[(visit + index) % PATHS.length] ?? '/',
    referrer: index % 4 === 0 ? (REFERRERS[visit % REFERRERS.length] ?? '') : '',
    custom: index % 4 === 3 && visit % 3 === 0,
  };
}

const uuidOf = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;

function umamiLine(index: number, end: number): string {
  const e = eventAt(index, end);
  const visitor = uuidOf(Math.floor(e.visit / 3));
  return [uuidOf(index), visitor, uuidOf(e.visit), e.at.slice(0, 19), 'example.com', e.path, '', e.referrer, 'Page', e.custom ? '2' : '1', e.custom ? 'signup' : '',
    'chrome', 'Mac OS', 'desktop', '1920x1080', 'en-US', 'FR'].join(',');
}

function loupeLine(index: number, end: number): string {
  const e = eventAt(index, end);
  return JSON.stringify({
    table: 'events', site_id: 1, timestamp: e.at, event_id: uuidOf(index), session_id: String(e.visit + 1), session_start: eventAt(e.visit * 4, end).at,
    user_id: `visitor-${Math.floor(e.visit / 3)}`, identified_user_id: '', type: e.custom ? 'custom_event' : 'pageview', event_name: e.custom ? 'signup' : '',
    props: '', hostname: 'example.com', pathname: e.path, querystring: '', url_parameters: {}, page_title: 'Page',
    referrer: e.referrer === '' ? '' : `https://${e.referrer}/`, channel: e.referrer === '' ? 'Direct' : 'Referral', utm_source: '', utm_medium: '',
    utm_campaign: '', utm_term: '', utm_content: '', browser: 'Chrome', browser_version: '126', operating_system: 'macOS', operating_system_version: '14',
    device_type: 'Desktop', language: 'en-US', country: 'FR', region: '', city: '', lat: 0, lon: 0, timezone: '', screen_width: 1920, screen_height: 1080,
    lcp: null, cls: null, inp: null, fcp: null, ttfb: null, ip: '', tag: '', feature_flags: {}, attributes_changed: 0,
  });
}

export async function writeGeneratedExport(path: string, format: 'umami' | 'loupe', rows: number, end: number): Promise<void> {
  const out = createWriteStream(path);
  if (format === 'umami') out.write(`${UMAMI_HEADER}\n`);
  for (let index = 0; index < rows; index++) {
    if (!out.write(`${format === 'umami' ? umamiLine(index, end) : loupeLine(index, end)}\n`)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}
