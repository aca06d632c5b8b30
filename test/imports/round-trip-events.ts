// A seeded, varied set of a few hundred events for the export round trip: pageviews with sources, UTM tags,
// places, devices, languages and screens on two hostnames; custom events with props; errors with stacks;
// web vitals; outbound clicks; engagement; revenue; identified users; sessions that cross midnight UTC; and bot events.
import type { SeedRow } from '../helpers/seed-events.js';
import { seededRandom } from '../helpers/seeded-random.js';

const PAGES = ['/', '/pricing', '/docs', '/docs/install', '/blog/launch', '/about'] as const;
const SOURCES = [
  { channel: 'Direct', referrer: '' },
  { channel: 'Organic Search', referrer: 'https://www.google.com/' },
  { channel: 'Organic Social', referrer: 'https://news.ycombinator.com/item?id=1' },
  { channel: 'Referral', referrer: 'https://blog.example.org/post' },
  { channel: 'Paid Search', referrer: 'https://www.bing.com/', utm_source: 'bing', utm_medium: 'cpc', utm_campaign: 'spring', utm_term: 'analytics', utm_content: 'ad-a' },
  { channel: 'Email', referrer: '', utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'march' },
] as const;
const PLACES = [
  { country: 'FR', region: 'Île-de-France', city: 'Paris', timezone: 'Europe/Paris', language: 'fr-FR' },
  { country: 'DE', region: 'Berlin', city: 'Berlin', timezone: 'Europe/Berlin', language: 'de-DE' },
  { country: 'US', region: 'California', city: 'San Francisco', timezone: 'America/Los_Angeles', language: 'en-US' },
  { country: 'JP', region: 'Tokyo', city: 'Tokyo', timezone: 'Asia/Tokyo', language: 'ja' },
] as const;
const DEVICES = [
  { browser: 'Chrome', browser_version: '131', operating_system: 'Windows', operating_system_version: '11', device_type: 'desktop', screen_width: 1920, screen_height: 1080 },
  { browser: 'Firefox', browser_version: '133', operating_system: 'Linux', operating_system_version: '', device_type: 'desktop', screen_width: 2560, screen_height: 1440 },
  { browser: 'Mobile Safari', browser_version: '18.1', operating_system: 'iOS', operating_system_version: '18.1', device_type: 'mobile', screen_width: 390, screen_height: 844 },
  { browser: 'Samsung Internet', browser_version: '26', operating_system: 'Android', operating_system_version: '14', device_type: 'tablet', screen_width: 800, screen_height: 1280 },
] as const;
const ERRORS = [
  { message: 'TypeError: x is undefined', stack: 'TypeError: x is undefined\n    at render (app.js:10:5)\n    at main (app.js:2:1)', fileName: 'https://a.example.com/app.js', lineNumber: 10, columnNumber: 5 },
  { message: 'ReferenceError: chart is not defined', stack: 'ReferenceError: chart is not defined\n    at draw (chart.js:44:12)', fileName: 'https://a.example.com/chart.js', lineNumber: 44, columnNumber: 12 },
] as const;

const SESSIONS = 70;

/** Seconds as an ISO instant from a base instant (ms precision). */
const isoAt = (baseMs: number, offsetMs: number) => new Date(baseMs + offsetMs).toISOString();

/**
 * The sessions of the data set, each a list of rows of one session (seed each in one call so its start is its
 * first row). Days 2026-03-02 to 2026-03-04 (UTC); every fifth session starts a few minutes before midnight
 * UTC and goes on after it.
 */
export function roundTripSessions(seed = 25): SeedRow[][] {
  const random = seededRandom(seed);
  const sessions: SeedRow[][] = [];
  for (let s = 0; s < SESSIONS; s++) {
    const day = Date.parse('2026-03-02T00:00:00Z') + random.int(0, 2) * 86_400_000;
    const crossesMidnight = s % 5 === 0;
    const start = crossesMidnight ? day + 86_400_000 - random.int(60, 600) * 1000 - random.int(0, 999) : day + random.int(0, 86_000) * 1000 + random.int(0, 999);
    const visitor = `visitor-${random.int(1, 40)}`;
    const identified = random.chance(0.25) ? `person-${random.int(1, 8)}` : '';
    const source = random.pick(SOURCES);
    const place = random.pick(PLACES);
    const device = random.pick(DEVICES);
    const hostname = random.chance(0.8) ? 'www.example.com' : 'docs.example.com';
    const common = { session_id: String(1_000_000 + s * 7919), user_id: visitor, identified_user_id: identified, hostname, ...source, ...place, ...device };
    const rows: SeedRow[] = [];
    let offset = 0;
    const steps = random.int(1, 8);
    for (let step = 0; step < steps; step++) {
      const pathname = step === 0 && random.chance(0.4) ? '/' : random.pick(PAGES);
      const page = { pathname, page_title: `Title of ${pathname}`, querystring: random.chance(0.2) ? '?ref=nav' : '' };
      const at = isoAt(start, offset);
      const kind = step === 0 ? 0 : random.int(0, 9);
      if (kind <= 4) {
        rows.push({ ...common, ...page, at, type: 'pageview', tag: random.chance(0.3) ? 'beta' : '' });
        // The page's engagement, a second later (figures from the step: the random sequence stays as it was).
        rows.push({ ...common, ...page, at: isoAt(start, offset + 1000), type: 'engagement', engaged_ms: 1000 + step * 1234, scroll_depth: 10 + step * 11 });
      }
      else if (kind <= 6) {
        const name = random.pick(['signup', 'download', 'play']);
        // Sign-ups carry revenue (exact decimals, two currencies), drawn from the step so the random sequence stays as it was.
        const revenue = name === 'signup' ? { revenue_amount: `${step}9.9${step % 10}`, revenue_currency: step % 2 === 0 ? 'EUR' : 'JPY' } : {};
        rows.push({ ...common, ...page, at, type: 'custom_event', event_name: name, props: JSON.stringify({ plan: random.pick(['free', 'pro']), step: String(step) }), ...revenue });
      }
      else if (kind === 7) rows.push({ ...common, ...page, at, type: 'error', props: JSON.stringify(random.pick(ERRORS)) });
      else if (kind === 8) rows.push({ ...common, ...page, at, type: 'performance', lcp: random.int(400, 4000) + 0.5, cls: random.int(0, 30) / 100, inp: random.int(50, 600), fcp: random.int(200, 2000), ttfb: random.int(20, 900) });
      else rows.push({ ...common, ...page, at, type: 'outbound', event_name: 'Outbound Link: Click', props: JSON.stringify({ url: random.pick(['https://github.com/', 'https://example.net/x']) }) });
      offset += random.int(5, 400) * 1000 + random.int(0, 999);
    }
    sessions.push(rows);
  }
  return sessions;
}

export function roundTripBotEvents(seed = 52): SeedRow[] {
  const random = seededRandom(seed);
  return Array.from({ length: 24 }, (_, n) => ({
    at: isoAt(Date.parse('2026-03-02T00:00:00Z'), random.int(0, 3 * 86_400 - 1) * 1000 + n),
    bot_name: random.pick(['Googlebot', 'GPTBot', 'bingbot']),
    bot_category: random.pick(['search', 'ai']),
    user_agent: 'Mozilla/5.0 (compatible; bot)',
    pathname: random.pick(PAGES),
    hostname: 'www.example.com',
    asn: 15169,
    ua_pattern: 1,
  }));
}
