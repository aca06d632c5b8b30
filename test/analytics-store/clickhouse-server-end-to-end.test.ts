// The ClickHouse-server path end to end: the same instance set up twice, once on embedded chDB and once on a
// ClickHouse server's HTTP interface (the test stand-in), fed the same way (tracking calls, seeded events of every
// kind, an import over HTTP), must answer every report of the API identically, and still after an erase. The
// adapter itself is pinned by store-contract.test.ts; this shows the product's SQL, inserts, imports and
// deletions through it. A few figures are asserted exactly so that two empty answers cannot agree.
import { beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { reportRequests } from '../helpers/report-requests.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { track } from '../helpers/track-client.js';
import { importOverHttp } from '../imports/import-reports.js';

const NOW = Date.parse('2026-03-11T12:00:00Z');
const RANGE = 'start_date=2026-03-01&end_date=2026-03-11&time_zone=Europe/Berlin';

const EVENTS: SeedRow[] = [
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:00:00Z', pathname: '/', page_title: 'Home', referrer: 'https://news.ycombinator.com/', channel: 'Organic Social', country: 'DE', browser: 'Firefox', operating_system: 'Linux', device_type: 'Desktop' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:01:00Z', pathname: '/pricing', page_title: 'Pricing', country: 'DE', browser: 'Firefox', operating_system: 'Linux', device_type: 'Desktop' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:02:00Z', type: 'custom_event', event_name: 'signup', pathname: '/pricing', props: '{"plan":"pro"}', country: 'DE' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:03:00Z', type: 'error', event_name: 'TypeError', pathname: '/pricing', props: '{"message":"x is undefined","stack":"at f (app.js:1:2)"}', country: 'DE' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:03:30Z', type: 'performance', pathname: '/pricing', lcp: 1800, cls: 0.05, inp: 120, fcp: 900, ttfb: 300, country: 'DE' },
  { session_id: 2, user_id: 'dev2', at: '2026-03-09T08:00:00Z', pathname: '/blog/one', page_title: 'One', referrer: 'https://www.google.com/', channel: 'Organic Search', country: 'FR', browser: 'Chrome', operating_system: 'Windows', device_type: 'Desktop', utm_source: 'newsletter' },
  { session_id: 2, user_id: 'dev2', at: '2026-03-09T08:00:40Z', type: 'outbound', pathname: '/blog/one', props: '{"url":"https://example.org/"}', country: 'FR' },
  { session_id: 3, user_id: 'dev3', at: '2026-03-05T20:00:00Z', pathname: '/', page_title: 'Home', channel: 'Direct', country: 'US', browser: 'Safari', operating_system: 'iOS', device_type: 'Mobile' },
  { session_id: 3, user_id: 'dev3', at: '2026-03-05T20:05:00Z', pathname: '/pricing', page_title: 'Pricing', country: 'US', browser: 'Safari', operating_system: 'iOS', device_type: 'Mobile' },
  { session_id: 4, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-02T07:00:00Z', pathname: '/docs', page_title: 'Docs', channel: 'Direct', country: 'DE' },
];

interface Instance {
  readonly t: TestApp;
  readonly owner: { cookie: string };
  readonly site: number;
  readonly reports: string[];
}

async function instance(analyticsStore: 'chdb' | 'clickhouse'): Promise<Instance> {
  // The clock stands still but for the tracking calls, one a minute apart, so no two events tie in time.
  let now = NOW;
  const t = await createTestApp({ analyticsStore, clock: () => now, ingestionBuffer: { flushIntervalMs: 50 } });
  const owner = await signUp(t.app, 'e2e-owner@example.com');
  const org = await createOrganization(t.app, owner.cookie, 'e2e');
  const key = await createOrganizationKey(t.app, owner, org);
  const created = await createSite(t.app, owner, org, { domain: 'e2e.example.com' });
  const site = created.siteId;
  for (const goal of [{ name: 'Pricing', goalType: 'path', config: { pathPattern: '/pricing' } }, { name: 'Signed up', goalType: 'event', config: { eventName: 'signup' } }]) {
    expect((await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: goal })).statusCode).toBe(200);
  }
  await seedEvents(t, site, EVENTS);
  // Tracking calls through the whole ingestion path, with the key (human traffic, no bot layer).
  for (const [index, pathname] of ['/landing', '/landing', '/pricing'].entries()) {
    now = NOW - (3 - index) * 60_000;
    const answer = await track(t.app, { site_id: created.id, hostname: 'e2e.example.com', pathname, referrer: index === 0 ? 'https://duckduckgo.com/' : '' }, { key: key.key });
    expect(answer.statusCode, answer.body).toBe(200);
  }
  now = NOW;
  await t.services.ingestion.flush();
  const imported = await importOverHttp(t.app, key, site, 'umami', 'umami.csv');
  expect(imported.total.importedEvents).toBeGreaterThan(0);
  const reports = await reportRequests(t.app, site, RANGE, { goalId: 1, sessionId: '1', userId: 'alice', eventName: 'signup', errorMessage: 'x is undefined' });
  return { t, owner, site, reports };
}

/**
 * Every report's status and body, in order. Session ids are drawn from each instance's own secret, so they are
 * named by their order of appearance (`session-1`, ...), the same on both stores when the answers agree.
 */
async function answers(loupe: Instance): Promise<Array<{ report: string; status: number; body: unknown }>> {
  const all = [];
  const names = new Map<string, string>();
  const named = (id: string): string => names.get(id) ?? names.set(id, `session-${names.size + 1}`).get(id) ?? id;
  for (const url of [...loupe.reports, `/api/sites/${loupe.site}/export?bots=true`]) {
    const res = await call(loupe.t.app, loupe.owner, { method: 'GET', url });
    const text = res.body.replace(/"(session_id|sessionId)":"(\d+)"/g, (_match, key: string, id: string) => `"${key}":"${named(id)}"`);
    all.push({ report: url.slice(0, url.indexOf('?')), status: res.statusCode, body: url.includes('/export') ? exportLines(text) : (JSON.parse(text) as unknown) });
  }
  return all;
}

/** The raw export's rows without the ids each insert draws anew, in a stable order. */
function exportLines(body: string): string[] {
  return body.split('\n').filter(Boolean).map((line) => {
    const { event_id: _eventId, import_id: _importId, session_id: _sessionId, ...rest } = JSON.parse(line) as Record<string, unknown>;
    return JSON.stringify(rest);
  }).sort();
}

interface Run {
  readonly kind: string;
  readonly before: Awaited<ReturnType<typeof answers>>;
  readonly after: Awaited<ReturnType<typeof answers>>;
  readonly goals: unknown;
}

/** Sets an instance up on `store`, reads every report, erases alice, reads them again. One store at a time: chDB
 * holds one data directory per process, and the stand-in runs on chDB too. */
async function run(store: 'chdb' | 'clickhouse'): Promise<Run> {
  const loupe = await instance(store);
  try {
    const before = await answers(loupe);
    const goals = (await call(loupe.t.app, loupe.owner, { method: 'GET', url: `/api/sites/${loupe.site}/goals?${RANGE}` })).json() as unknown;
    const erased = await call(loupe.t.app, loupe.owner, { method: 'DELETE', url: `/api/sites/${loupe.site}/users/alice` });
    expect(erased.statusCode, erased.body).toBe(200);
    return { kind: loupe.t.services.analytics.kind, before, goals, after: await answers(loupe) };
  } finally {
    await loupe.t.close();
  }
}

describe('the ClickHouse-server path, end to end against the embedded store', () => {
  let embedded: Run;
  let server: Run;

  beforeAll(async () => {
    embedded = await run('chdb');
    server = await run('clickhouse');
  }, 240_000);

  it('uses the store it was asked for', () => {
    expect([embedded.kind, server.kind]).toEqual(['chdb', 'clickhouse']);
  });

  it('answers every report identically, with the figures the data holds', () => {
    expect(embedded.before.length).toBeGreaterThan(35);
    expect(embedded.before.filter((answer) => answer.status !== 200).map((answer) => answer.report)).toEqual([]);
    expect(server.before).toEqual(embedded.before);
    // Seeded, tracked (one session of three pageviews) and imported (umami.csv) together.
    expect(server.before.find((answer) => answer.report.endsWith('/overview'))?.body).toEqual({
      data: { sessions: 9, pageviews: 16, users: 7, pages_per_session: 1.78, bounce_rate: 44.44, session_duration: 107.78 },
    });
    const goals = (server.goals as { data: Array<{ name: string; total_conversions: number; total_sessions: number }> }).data;
    expect(goals.map((goal) => [goal.name, goal.total_conversions, goal.total_sessions])).toEqual([['Pricing', 5, 9], ['Signed up', 2, 9]]);
    expect(embedded.goals).toEqual(server.goals);
  });

  it('erases a person from every report on both stores alike', () => {
    expect(server.after).toEqual(embedded.after);
    expect(server.after).not.toEqual(server.before);
    expect(server.after.filter((answer) => JSON.stringify(answer.body).includes('alice')).map((answer) => `${answer.report} ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`)).toEqual([]);
  });
});
