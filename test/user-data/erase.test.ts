// Erasing for privacy requests by person, visitor and session: each erase removes its rows from every table
// (events and their copies, sessions, identities, the webhook delivery log), and its events from every report
// and the raw export, while everyone else's stay; bad ids are 400s and only admins may erase.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp, inviteAndAccept } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { reportRequests } from '../helpers/report-requests.js';
import { seedEvents, type SeedRow } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { matchedPayload } from '../../src/webhooks/webhook-payload.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-11&time_zone=UTC';
// Every owner's events carry a marker in their path, title and event name, so a report showing any of them is found.
const EVENTS: SeedRow[] = [
  // alice: identified on dev1 (s1), dev1 unidentified (s2), then a shared device dev2 (s3, bob after her).
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:00:00Z', pathname: '/alice-home', page_title: 'alice-title' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:01:00Z', type: 'custom_event', event_name: 'alice-signup', props: '{"plan":"alice-plan"}' },
  { session_id: 1, user_id: 'dev1', identified_user_id: 'alice', at: '2026-03-10T10:02:00Z', type: 'error', event_name: 'alice-Error', props: '{"message":"alice-message"}' },
  { session_id: 2, user_id: 'dev1', at: '2026-03-09T10:00:00Z', pathname: '/alice-anon', type: 'pageview' },
  { session_id: 3, user_id: 'dev2', identified_user_id: 'alice', at: '2026-03-08T10:00:00Z', pathname: '/alice-shared' },
  { session_id: 3, user_id: 'dev2', identified_user_id: 'bob', at: '2026-03-08T10:05:00Z', pathname: '/bob-shared' },
  // dev4: an anonymous visitor with two sessions, one of them identified as dora.
  { session_id: 4, user_id: 'dev4', at: '2026-03-07T10:00:00Z', pathname: '/dev4-page', page_title: 'dev4-title' },
  { session_id: 6, user_id: 'dev4', identified_user_id: 'dora', at: '2026-03-07T12:00:00Z', pathname: '/dev4-again', type: 'outbound', props: '{"url":"https://dev4.example/"}' },
  // Session 5: bob on dev3.
  { session_id: 5, user_id: 'dev3', identified_user_id: 'bob', at: '2026-03-06T10:00:00Z', pathname: '/s5-page', page_title: 's5-title' },
  { session_id: 5, user_id: 'dev3', identified_user_id: 'bob', at: '2026-03-06T10:01:00Z', type: 'performance', lcp: 900, pathname: '/s5-page' },
  // Someone else, untouched by every erase.
  { session_id: 7, user_id: 'dev7', at: '2026-03-05T10:00:00Z', pathname: '/kept' },
];

describe('erase by person, visitor and session', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let member: { cookie: string };
  let site: number;
  let reports: string[];

  async function sessionRows(): Promise<string[]> {
    const found = await rows<{ id: string }>(t, 'SELECT toString(session_id) AS id FROM sessions FINAL WHERE site_id = {site:UInt32} ORDER BY session_id', { site });
    return found.map((row) => row.id);
  }

  async function tableCounts(): Promise<Record<string, number>> {
    const counts: Record<string, number> = {};
    for (const table of ['events', 'action_events', 'performance_events', 'user_identities']) {
      const [row] = await rows<{ n: string }>(t, `SELECT count() AS n FROM ${table} WHERE site_id = {site:UInt32}`, { site });
      counts[table] = Number(row?.n);
    }
    return counts;
  }

  /** The answer of every report and of the raw export; a lookup of an erased person or session may be a 404. */
  async function everyAnswer(): Promise<Array<{ report: string; status: number; body: string }>> {
    const answers = [];
    for (const url of [...reports, `/api/sites/${site}/export?bots=true`]) {
      const res = await call(t.app, owner, { method: 'GET', url });
      answers.push({ report: url.slice(0, url.indexOf('?')), status: res.statusCode, body: res.body });
    }
    return answers;
  }

  /** The reports whose answer shows `marker`. */
  const showing = (answers: Array<{ report: string; body: string }>, marker: string) => answers.filter((answer) => answer.body.includes(marker)).map((answer) => answer.report);
  const notFound = (answers: Array<{ report: string; status: number }>) => answers.filter((answer) => answer.status !== 200).map((answer) => `${answer.report} ${answer.status}`);

  async function deliveryPayloads(): Promise<string[]> {
    const found = await t.services.metadata.db.selectFrom('webhook_deliveries').select('payload').where('site_id', '=', site).orderBy('id').execute();
    return found.map((row) => (JSON.parse(row.payload) as { event: { pathname: string } }).event.pathname);
  }

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-11T12:00:00Z') });
    owner = await signUp(t.app, 'erase-owner@example.com');
    member = await signUp(t.app, 'erase-member@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'erase-org');
    const accept = await inviteAndAccept(t.app, owner, member, org, 'erase-member@example.com', 'member');
    expect(accept.statusCode).toBe(200);
    site = (await createSite(t.app, owner, org, { domain: 'erase.example.com' })).siteId;
    await seedEvents(t, site, EVENTS);
    await t.services.analytics.insert('user_identities', [
      { site_id: site, timestamp: '2026-03-09 09:00:00.000', identified_user_id: 'alice', user_id: 'dev1', anonymous_id: '', traits: '{"plan":"pro"}' },
      { site_id: site, timestamp: '2026-03-07 09:00:00.000', identified_user_id: 'dora', user_id: 'dev4', anonymous_id: '', traits: '{"plan":"pro"}' },
      { site_id: site, timestamp: '2026-03-06 09:00:00.000', identified_user_id: 'bob', user_id: 'dev3', anonymous_id: '', traits: '{}' },
    ]);
    // The delivery log holds one `event.matched` entry per event, as the webhook worker writes it.
    const now = '2026-03-11T12:00:00.000Z';
    await t.services.metadata.db.insertInto('webhooks').values({
      id: 'wh_erase', site_id: site, url: 'https://hooks.example.com/', goal_ids: '[]', event_names: '[]', description: null, secret_sealed: 'x',
      status: 'enabled', disabled_reason: null, consecutive_failures: 0, created_by: null, created_at: now, updated_at: now,
    }).execute();
    const stored = await rows<Record<string, unknown>>(t, 'SELECT * FROM events WHERE site_id = {site:UInt32} ORDER BY timestamp', { site });
    await t.services.metadata.db.insertInto('webhook_deliveries').values(stored.map((row, at) => ({
      id: `whd_${String(at).padStart(2, '0')}`, webhook_id: 'wh_erase', site_id: site, trigger: '{}', status: 'succeeded' as const, attempts: 1,
      response_code: 200, error: null, next_attempt_at: null, last_attempt_at: now, locked_until: null, created_at: now,
      payload: matchedPayload({ id: `whd_${at}`, createdAt: now, webhookId: 'wh_erase', siteId: site, trigger: { kind: 'event', name: 'x' }, row }),
    }))).execute();
    const goal = await call(t.app, owner, { method: 'POST', url: `/api/sites/${site}/goals`, payload: { name: 'Any page', goalType: 'path', config: { pathPattern: '/*' } } });
    reports = await reportRequests(t.app, site, RANGE, { goalId: (goal.json() as { goalId: number }).goalId, sessionId: '1', userId: 'alice', eventName: 'alice-signup', errorMessage: 'alice-message' });
  }, 60_000);
  afterAll(async () => t.close());

  it('a person: their events leave every report, the sessions table, the raw export and the delivery log', async () => {
    const before = await everyAnswer();
    expect(notFound(before)).toEqual([]);
    expect(showing(before, 'alice-').length).toBeGreaterThanOrEqual(10);
    expect(showing(before, 'dev4').length).toBeGreaterThanOrEqual(3);
    expect(showing(before, 's5-').length).toBeGreaterThanOrEqual(3);
    expect(await sessionRows()).toEqual(['1', '2', '3', '4', '5', '6', '7']);

    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/users/alice` });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, erased: { events: 5, sessions: 2, identities: 1, webhookDeliveries: 5 } }]);

    const after = await everyAnswer();
    expect(notFound(after)).toEqual([`/api/sites/${site}/sessions/1 404`, `/api/sites/${site}/users/alice 404`]);
    expect(showing(after, 'alice')).toEqual([]);
    expect(showing(after, '/bob-shared').length).toBeGreaterThan(0);
    expect(await sessionRows()).toEqual(['3', '4', '5', '6', '7']);
    expect(await tableCounts()).toEqual({ events: 6, action_events: 1, performance_events: 1, user_identities: 2 });
    expect((await deliveryPayloads()).sort()).toEqual(['/bob-shared', '/dev4-again', '/dev4-page', '/kept', '/s5-page', '/s5-page']);
  });

  it('a visitor: every event of the device, identified or not, and its identity links', async () => {
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/visitors/dev4` });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, erased: { events: 2, sessions: 2, identities: 1, webhookDeliveries: 2 } }]);
    const after = await everyAnswer();
    expect(showing(after, 'dev4')).toEqual([]);
    expect(showing(after, 'dora')).toEqual([]);
    expect(await sessionRows()).toEqual(['3', '5', '7']);
    expect(await tableCounts()).toEqual({ events: 4, action_events: 0, performance_events: 1, user_identities: 1 });
  });

  it('a session: its events and its row; the visitor\'s identity stays', async () => {
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/sessions/5` });
    expect([res.statusCode, res.json()]).toEqual([200, { success: true, erased: { events: 2, sessions: 1, identities: 0, webhookDeliveries: 2 } }]);
    const after = await everyAnswer();
    expect(showing(after, 's5-')).toEqual([]);
    expect(await sessionRows()).toEqual(['3', '7']);
    expect(await tableCounts()).toEqual({ events: 2, action_events: 0, performance_events: 0, user_identities: 1 });
    expect((await deliveryPayloads()).sort()).toEqual(['/bob-shared', '/kept']);
    const left = await rows<{ path: string }>(t, 'SELECT toString(pathname) AS path FROM events WHERE site_id = {site:UInt32} ORDER BY timestamp', { site });
    expect(left.map((row) => row.path)).toEqual(['/kept', '/bob-shared']);
  });

  it.each([
    ['sessions/abc', "Invalid path parameter 'sessionId': must be a session id (decimal digits)"],
    ['sessions/18446744073709551616', 'must be a session id (at most 2^64 - 1)'],
  ])('answers 400 to DELETE %s', async (path, message) => {
    const res = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${site}/${path}` });
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(message);
  });

  it('needs the admin role', async () => {
    for (const path of ['visitors/dev7', 'sessions/7']) {
      const res = await call(t.app, member, { method: 'DELETE', url: `/api/sites/${site}/${path}` });
      expect([res.statusCode, res.json()]).toEqual([403, { error: 'This action needs the admin role' }]);
    }
    expect(await sessionRows()).toEqual(['3', '7']);
  });
});
