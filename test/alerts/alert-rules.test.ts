// Alert rules over HTTP: presets, validation (every bad value a 400 naming it), scopes, the state reset of a
// changed rule; and each metric, with filters, a segment and the week-earlier baseline, measured as the
// API's reports measure the same window.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { seedBotEvents, seedEvents } from '../helpers/seed-events.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const clock = frozenClock('2026-03-10T12:00:00.000Z');

describe.each(await metadataBackends())('alert rules (%s)', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let orgId: string;
  let siteId: number;
  const base = () => `/api/sites/${siteId}/alerts`;
  const create = (payload: Record<string, unknown>) => call(t.app, owner, { method: 'POST', url: base(), payload });

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: clock.now, env: { ALERT_CHECK_INTERVAL: '1h' } });
    owner = await signUp(t.app, `alerts-${backend}@example.com`);
    orgId = await createOrganization(t.app, owner.cookie, `alerts-${backend}`);
    siteId = (await createSite(t.app, owner, orgId, { domain: 'rules.example.com' })).siteId;
  });
  afterAll(async () => t.close());

  it('lists the presets and creates a rule from one', async () => {
    const presets = await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/alert-presets` });
    expect(presets.json().data.map((p: { name: string; metric: string; window: string; condition: string; threshold: number }) => [p.name, p.metric, p.window, p.condition, p.threshold])).toEqual([
      ['traffic_spike', 'visitors', 'hour', 'increase_pct', 100],
      ['traffic_drop', 'visitors', 'day', 'decrease_pct', 50],
      ['error_surge', 'errors', 'hour', 'increase_pct', 200],
    ]);
    const res = await create({ name: 'Errors', preset: 'error_surge', threshold: 300, emails: ['dev@example.com'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Errors', enabled: true, state: 'ok', metric: 'errors', window: 'hour', condition: 'increase_pct', threshold: 300, percentile: null, last_value: null });
    const listed = await call(t.app, owner, { method: 'GET', url: base() });
    expect(listed.json().data.map((rule: { id: string }) => rule.id)).toContain(res.json().data.id);
    expect((await call(t.app, owner, { method: 'DELETE', url: `${base()}/${res.json().data.id}` })).json()).toEqual({ success: true });
    expect((await call(t.app, owner, { method: 'GET', url: `${base()}/${res.json().data.id}` })).statusCode).toBe(404);
  });

  it.each([
    [{ name: 'x', emails: ['a@example.com'] }, 'metric, window, condition and threshold are required (or a preset)'],
    [{ name: 'x', preset: 'traffic_spike' }, 'Choose at least one channel: emails or webhookIds'],
    [{ name: 'x', preset: 'traffic_drop', threshold: 100, emails: ['a@example.com'] }, 'A decrease_pct threshold must be below 100'],
    [{ name: 'x', preset: 'traffic_spike', metric: 'goal_conversions', emails: ['a@example.com'] }, 'metric goal_conversions needs goalId'],
    [{ name: 'x', preset: 'traffic_spike', metric: 'goal_conversions', goalId: 999, emails: ['a@example.com'] }, 'Unknown goal id for this site: 999'],
    [{ name: 'x', preset: 'traffic_spike', metric: 'web_vital', emails: ['a@example.com'] }, 'metric web_vital needs vital (lcp, cls, inp, fcp or ttfb)'],
    [{ name: 'x', preset: 'traffic_spike', segmentId: 999, emails: ['a@example.com'] }, 'Unknown segment id for this site: 999'],
    [{ name: 'x', preset: 'traffic_spike', webhookIds: ['wh_nope'] }, 'Unknown webhook id(s) for this site: wh_nope'],
    [{ name: 'x', preset: 'traffic_spike', emails: ['a@example.com'], filters: [{ parameter: 'nope', type: 'equals', value: ['a'] }] }, undefined],
  ])('refuses %j', async (payload, error) => {
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(400);
    if (error !== undefined) expect(res.json()).toEqual({ error });
  });

  it.each([
    [{ name: 'x', preset: 'nope', emails: ['a@example.com'] }],
    [{ name: 'x', preset: 'traffic_spike', emails: ['not an address'] }],
    [{ name: 'x', preset: 'traffic_spike', emails: ['a@example.com'], threshold: -1 }],
    [{ name: '', preset: 'traffic_spike', emails: ['a@example.com'] }],
    [{ name: 'x', preset: 'traffic_spike', emails: ['a@example.com'], extra: true }],
  ])('refuses by schema %j', async (payload) => {
    expect((await create(payload)).statusCode).toBe(400);
  });

  it('needs alerts:read to read and alerts:write to change', async () => {
    const reader = await createOrganizationKey(t.app, owner, orgId, { name: 'r', permissions: { alerts: ['read'] } });
    const other = await createOrganizationKey(t.app, owner, orgId, { name: 'a', permissions: { analytics: ['read'] } });
    expect((await call(t.app, { key: reader.key }, { method: 'GET', url: base() })).statusCode).toBe(200);
    const write = await call(t.app, { key: reader.key }, { method: 'POST', url: base(), payload: { name: 'x', preset: 'traffic_spike', emails: ['a@example.com'] } });
    expect([write.statusCode, write.json()]).toEqual([403, { error: 'API key lacks the alerts:write scope', required: 'alerts:write' }]);
    expect((await call(t.app, { key: other.key }, { method: 'GET', url: base() })).statusCode).toBe(403);
    expect((await call(t.app, undefined, { method: 'GET', url: base() })).statusCode).toBe(401);
    const outsider = await signUp(t.app, `outsider-${backend}@example.com`);
    expect((await call(t.app, outsider, { method: 'GET', url: base() })).statusCode).toBe(403);
  });

  it('measures each metric as the reports do, with filters, a segment and the week-earlier baseline', async () => {
    const goal = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: { name: 'Signups', goalType: 'event', config: { eventName: 'signup' } } });
    const goalId = goal.json().goalId as number;
    const segment = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/segments`, payload: { name: 'Germany', filters: [{ parameter: 'country', type: 'equals', value: ['DE'] }] } });
    expect(segment.statusCode, segment.body).toBe(200);
    const segmentId = (segment.json().data?.segmentId ?? segment.json().segmentId ?? segment.json().data?.id) as number;
    const visit = (n: number, at: string, extra: Record<string, unknown> = {}) => ({ at, session_id: n, user_id: `u${n}`, country: n % 2 === 0 ? 'DE' : 'FR', ...extra });
    await seedEvents(t, siteId, [
      ...[1, 2, 3, 4, 5, 6].map((n) => visit(n, `2026-03-10T11:${10 + n}:00.000Z`, { pathname: n <= 2 ? '/pricing' : '/' })),
      visit(2, '2026-03-10T11:30:00.000Z', { type: 'custom_event', event_name: 'signup' }),
      visit(3, '2026-03-10T11:31:00.000Z', { type: 'error', event_name: 'TypeError' }),
      visit(4, '2026-03-10T11:32:00.000Z', { type: 'error', event_name: 'TypeError' }),
      visit(4, '2026-03-10T11:33:00.000Z', { type: 'performance', lcp: 1200 }),
      visit(5, '2026-03-10T11:34:00.000Z', { type: 'performance', lcp: 2000 }),
      // A week earlier, same hour: two visitors.
      visit(20, '2026-03-03T11:20:00.000Z'),
      visit(21, '2026-03-03T11:40:00.000Z'),
    ]);
    await seedBotEvents(t, siteId, [{ at: '2026-03-10T11:50:00.000Z', pathname: '/', ua_pattern: 1 }]);
    const rules = {
      visitors: { metric: 'visitors', condition: 'increase_pct', threshold: 100 },
      pricing: { metric: 'pageviews', condition: 'above', threshold: 1, filters: [{ parameter: 'pathname', type: 'equals', value: ['/pricing'] }] },
      germany: { metric: 'sessions', condition: 'above', threshold: 5, segmentId },
      signups: { metric: 'goal_conversions', goalId, condition: 'above', threshold: 0 },
      errors: { metric: 'errors', condition: 'above', threshold: 5 },
      lcp: { metric: 'web_vital', vital: 'lcp', percentile: 'p50', condition: 'above', threshold: 1500 },
      bots: { metric: 'bot_share', condition: 'above', threshold: 50 },
    };
    const ids: Record<string, string> = {};
    for (const [name, rule] of Object.entries(rules)) {
      const res = await create({ name, window: 'hour', emails: ['ops@example.com'], ...rule });
      expect(res.statusCode, res.body).toBe(200);
      ids[name] = res.json().data.id;
    }
    await t.services.alerts.evaluateNow();
    const read = async () => Object.fromEntries(((await call(t.app, owner, { method: 'GET', url: base() })).json().data as Array<{ name: string; state: string; last_value: number; last_baseline: number | null }>)
      .filter((rule) => rule.name in rules).map((rule) => [rule.name, [rule.state, rule.last_value, rule.last_baseline]]));
    const window = 'start_datetime=2026-03-10T11:00:00Z&end_datetime=2026-03-10T12:00:00Z';
    const report = async (path: string, extra = '') => (await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}${path}?${window}${extra}` })).json();
    const overview = (await report('/overview')).data;
    const pricing = (await report('/overview', `&filters=${encodeURIComponent(JSON.stringify(rules.pricing.filters))}`)).data;
    const germany = (await report('/overview', `&segment_id=${segmentId}`)).data;
    const performance = (await report('/performance/overview')).data;
    const bots = (await report('/bots/overview')).data;
    expect([overview.users, pricing.pageviews, germany.sessions, performance.lcp_p50, bots.bot_percentage]).toEqual([6, 2, 3, 1600, 8.33]); // 1 bot request against 11 human events
    expect(await read()).toEqual({
      visitors: ['firing', overview.users, 2],
      pricing: ['firing', pricing.pageviews, null],
      germany: ['ok', germany.sessions, null],
      signups: ['firing', 1, null],
      errors: ['ok', 2, null],
      lcp: ['firing', performance.lcp_p50, null],
      bots: ['ok', bots.bot_percentage, null],
    });

    // A changed definition starts over in the ok state (and is evaluated afresh).
    const changed = await call(t.app, owner, { method: 'PATCH', url: `${base()}/${ids.pricing}`, payload: { threshold: 5 } });
    expect(changed.json().data).toMatchObject({ state: 'ok', threshold: 5, last_value: null, last_evaluated_at: null });
    const renamed = await call(t.app, owner, { method: 'PATCH', url: `${base()}/${ids.signups}`, payload: { name: 'Sign-ups' } });
    expect(renamed.json().data).toMatchObject({ name: 'Sign-ups', state: 'firing' });
    // Pausing keeps the state (a rule resumed while its condition holds does not fire again).
    const paused = await call(t.app, owner, { method: 'PATCH', url: `${base()}/${ids.lcp}`, payload: { enabled: false } });
    expect(paused.json().data).toMatchObject({ enabled: false, state: 'firing' });
    const goalGone = await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}` });
    expect(goalGone.statusCode).toBe(200);
    clock.advance(60_000);
    await t.services.alerts.evaluateNow();
    const broken = await until(async () => (await call(t.app, owner, { method: 'GET', url: `${base()}/${ids.signups}` })).json().data, (rule) => rule.last_error !== null);
    expect(broken).toMatchObject({ last_error: `Goal ${goalId} no longer exists`, state: 'firing', last_value: null });
  });
});
