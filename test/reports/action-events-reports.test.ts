// The reports on custom events, outbound clicks and errors, and event and outbound goals, read the
// `action_events` copy (analytics migration 0007), not `events`: shown by removing those rows from `events`
// only. Pageview goals and the sessions still come from `events` and `sessions`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const GOALS = [
  { name: 'pricing', goalType: 'path', config: { pathPattern: '/pricing' } },
  { name: 'signup', goalType: 'event', config: { eventName: 'signup' } },
  { name: 'github', goalType: 'outbound', config: { valuePattern: '*github.com*' } },
];

describe('reports on the action_events copy', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'actions@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'actions-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'actions.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/', country: 'DE' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, type: 'custom_event', event_name: 'signup', props: '{"plan":"pro"}', country: 'DE' },
      { at: '2026-03-10T10:02:00Z', session_id: 1, type: 'outbound', props: '{"url":"https://github.com/loupe"}', country: 'DE' },
      { at: '2026-03-10T10:03:00Z', session_id: 1, type: 'error', event_name: 'TypeError', props: '{"message":"x is undefined"}', country: 'DE' },
      { at: '2026-03-11T09:00:00Z', session_id: 2, pathname: '/pricing', country: 'FR' },
      { at: '2026-03-11T09:01:00Z', session_id: 2, type: 'custom_event', event_name: 'signup', props: '{"plan":"free"}', country: 'FR' },
    ]);
    for (const goal of GOALS) {
      const res = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: goal });
      expect(res.statusCode).toBe(200);
    }
    // Only `events` loses the action rows; the copy keeps them.
    await t.services.analytics.command("ALTER TABLE events DELETE WHERE type NOT IN ('pageview', 'performance') SETTINGS mutations_sync = 1");
  });
  afterAll(async () => t.close());

  const get = async (path: string) => {
    const res = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${path}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const conversions = async (query: string) =>
    ((await get(`/goals?${RANGE}${query}`)).data as Array<{ name: string; total_conversions: number; total_sessions: number }>).map(
      ({ name, total_conversions, total_sessions }) => [name, total_conversions, total_sessions],
    );

  it('counts custom events, their properties and outbound links from the copy', async () => {
    expect((await get(`/events/names?${RANGE}`)).data).toEqual([{ eventName: 'signup', count: 2 }]);
    expect((await get(`/events/properties?${RANGE}&event_name=signup`)).data).toEqual([
      { propertyKey: 'plan', propertyValue: 'free', count: 1 },
      { propertyKey: 'plan', propertyValue: 'pro', count: 1 },
    ]);
    expect((await get(`/events/outbound?${RANGE}`)).data).toEqual([{ url: 'https://github.com/loupe', count: 1, lastClicked: '2026-03-10 10:02:00' }]);
  });

  it('lists errors from the copy', async () => {
    expect((await get(`/errors/names?${RANGE}`)).data).toEqual([
      { value: 'x is undefined', errorName: 'TypeError', count: 1, sessionCount: 1, percentage: 100 },
    ]);
  });

  it('counts event and outbound goals from the copy, pageview goals and sessions from the rest, with and without filters', async () => {
    expect(await conversions('')).toEqual([
      ['pricing', 1, 2],
      ['signup', 2, 2],
      ['github', 1, 2],
    ]);
    const germany = encodeURIComponent('[{"parameter":"country","type":"equals","value":["DE"]}]');
    expect(await conversions(`&filters=${germany}`)).toEqual([
      ['pricing', 0, 1],
      ['signup', 1, 1],
      ['github', 1, 1],
    ]);
  });
});
