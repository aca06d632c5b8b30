// Imports that share the store fairly, over HTTP: batches parsed and mapped on the mapping thread and written
// in slices (every row stored once, a replay stores nothing), an organization's row quota (a 429 that stores
// nothing, other organizations unaffected), concurrent batches of one organization all stored, and bodies
// the thread refuses (too deep, not JSON) answered 400.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const QUOTA = 600;
const day = (n: number) => `2026-03-0${1 + (n % 5)} ${String(8 + (n % 10)).padStart(2, '0')}:${String(n % 60).padStart(2, '0')}:00`;
const umamiRows = (count: number, tag: string) => Array.from({ length: count }, (_, n) => ({
  event_id: '', session_id: `${tag}-visitor-${n % 40}`, visit_id: `${tag}-visit-${n % 70}`, created_at: day(n), hostname: 'fair.example.com',
  url_path: `/${tag}/${n % 13}`, event_type: '1',
}));

describe('imports share the store fairly', () => {
  let t: TestApp;
  const orgs: Array<{ key: { key: string }; site: number }> = [];

  beforeAll(async () => {
    t = await createTestApp({
      clock: () => Date.parse('2026-03-10T12:00:00Z'),
      env: { IMPORT_DAILY_ROW_QUOTA: String(QUOTA), IMPORT_WRITE_SLICE_ROWS: '100', IMPORT_MAPPING_THREAD: 'true' },
    });
    for (const name of ['fair-a', 'fair-b']) {
      const owner = await signUp(t.app, `${name}@example.com`);
      const org = await createOrganization(t.app, owner.cookie, name);
      const key = await createOrganizationKey(t.app, owner, org);
      orgs.push({ key, site: (await createSite(t.app, owner, org, { domain: `${name}.example.com` })).siteId });
    }
  }, 60_000);
  afterAll(async () => t.close());

  const start = async (org: { key: { key: string }; site: number }) => {
    const res = await call(t.app, org.key, { method: 'POST', url: `/api/sites/${org.site}/imports`, payload: { platform: 'umami' } });
    return (res.json() as { data: { importId: string } }).data.importId;
  };
  const post = (org: { key: { key: string }; site: number }, importId: string, payload: unknown) =>
    call(t.app, org.key, { method: 'POST', url: `/api/sites/${org.site}/imports/${importId}/events`, payload: typeof payload === 'string' ? payload : JSON.stringify(payload), headers: { 'content-type': 'application/json' } });
  const storedEvents = async (site: number) =>
    (await t.services.analytics.query<{ n: string }>('SELECT count() AS n FROM events WHERE site_id = {site:UInt32}', { site }))[0]?.n;

  it('stores a batch written in slices once, and a replay of it not again', async () => {
    const [a] = orgs;
    if (!a) throw new Error('no organization');
    const importId = await start(a);
    const rows = umamiRows(250, 'slices');
    const first = await post(a, importId, { events: rows });
    expect([first.statusCode, first.json()]).toEqual([200, { data: { importedEvents: 250, skippedEvents: 0, skipped: {} } }]);
    const again = await post(a, importId, { events: rows, isLastBatch: true });
    expect(again.json()).toEqual({ data: { importedEvents: 0, skippedEvents: 250, skipped: { already_imported: 250 } } });
    expect(await storedEvents(a.site)).toBe('250');
  });

  it('stores concurrent batches of one organization, each whole', async () => {
    const [a] = orgs;
    if (!a) throw new Error('no organization');
    const ids = [await start(a), await start(a)];
    const answers = await Promise.all(ids.map((id, n) => post(a, id, { events: umamiRows(50, `parallel-${n}`), isLastBatch: true })));
    expect(answers.map((res) => res.json())).toEqual([0, 1].map(() => ({ data: { importedEvents: 50, skippedEvents: 0, skipped: {} } })));
    expect(await storedEvents(a.site)).toBe('350');
  });

  it('refuses a batch past the organization\'s rows per 24 hours with a 429, storing nothing; another organization goes on', async () => {
    const [a, b] = orgs;
    if (!a || !b) throw new Error('no organization');
    // Organization a has sent 250 + 250 (the replay counts: it was sent) + 100 rows: the quota of 600 is reached.
    const importId = await start(a);
    const over = await post(a, importId, { events: umamiRows(1, 'over') });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe('3600');
    expect((over.json() as { error: string }).error).toBe(`The organization's imports may send ${QUOTA} rows in 24 hours; 600 were sent, this batch has 1`);
    expect(await storedEvents(a.site)).toBe('350');
    const other = await post(b, await start(b), { events: umamiRows(QUOTA, 'other'), isLastBatch: true });
    expect(other.json()).toEqual({ data: { importedEvents: QUOTA, skippedEvents: 0, skipped: {} } });
  });

  it.each([
    ['nested too deep', `{"events":[${'['.repeat(5000)}${']'.repeat(5000)}]}`, 'Invalid body: nested deeper than 64 levels'],
    ['not JSON', '{"events":[', 'Invalid body: not valid JSON'],
    ['events that are not an array', '{"events":"x"}', "Invalid body 'events': Invalid input: expected array, received string"],
  ])('answers a body %s with a 400', async (_what, body, message) => {
    const [, b] = orgs;
    if (!b) throw new Error('no organization');
    const res = await post(b, await start(b), body);
    expect([res.statusCode, (res.json() as { error: string }).error]).toEqual([400, message]);
  });
});
