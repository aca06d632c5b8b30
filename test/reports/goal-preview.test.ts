// POST /goals/preview on hand-built sessions: a definition's conversions equal the goals report's for the same goal
// saved, for every goal type, with filters; 400s naming the bad input; public sites readable, private ones not.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp, type Credential } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const json = (value: unknown) => JSON.stringify(value);

describe('goal preview', () => {
  let t: TestApp;
  let owner: Credential;
  let siteId: number;
  let publicSiteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'preview@example.com');
    const orgId = await createOrganization(t.app, owner.cookie ?? '', 'preview-org');
    siteId = (await createSite(t.app, owner, orgId, { domain: 'preview.example.com' })).siteId;
    publicSiteId = (await createSite(t.app, owner, orgId, { domain: 'open-preview.example.com', public: true })).siteId;
    await seedEvents(t, siteId, [
      { at: '2026-03-10T10:00:00Z', session_id: 1, pathname: '/pricing', url_parameters: { plan: 'pro' }, channel: 'Organic Search' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, type: 'custom_event', event_name: 'signup', props: json({ plan: 'pro' }), channel: 'Organic Search' },
      { at: '2026-03-10T11:00:00Z', session_id: 2, pathname: '/blog/hello', channel: 'Direct' },
      { at: '2026-03-10T11:01:00Z', session_id: 2, type: 'outbound', props: json({ url: 'https://github.com/loupe/loupe' }), channel: 'Direct' },
      { at: '2026-03-10T11:02:00Z', session_id: 2, type: 'button_click', props: json({ text: 'Sign Up Now' }), channel: 'Direct' },
      { at: '2026-03-11T09:00:00Z', session_id: 3, pathname: '/pricing', channel: 'Direct' },
      { at: '2026-03-11T09:01:00Z', session_id: 3, type: 'form_submit', props: json({ formId: '', formName: 'newsletter', formAction: '/subscribe' }), channel: 'Direct' },
      { at: '2026-03-11T09:02:00Z', session_id: 3, type: 'copy', props: json({ text: 'npm install loupe', sourceElement: 'code' }), channel: 'Direct' },
      { at: '2026-03-11T10:00:00Z', session_id: 4, pathname: '/', channel: 'Direct' },
      { at: '2026-02-01T10:00:00Z', session_id: 5, type: 'custom_event', event_name: 'signup', channel: 'Direct' },
    ]);
    await seedEvents(t, publicSiteId, [{ at: '2026-03-10T10:00:00Z', session_id: 9, pathname: '/pricing' }]);
  });
  afterAll(async () => t.close());

  /** `null`: no credential at all. */
  const preview = (site: number, query: string, payload: object | string, credential: Credential | null = owner) =>
    call(t.app, credential ?? undefined, { method: 'POST', url: `/api/sites/${site}/goals/preview?${query}`, payload });

  it.each([
    [{ goalType: 'path', config: { pathPattern: '/pricing' } }, 2, 0.5],
    [{ goalType: 'path', config: { pathPattern: '/pricing', propertyFilters: [{ key: 'plan', value: 'pro' }] } }, 1, 0.25],
    [{ goalType: 'path', config: { pathPattern: '/blog/*' } }, 1, 0.25],
    [{ name: 'ignored', goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'pro' }] } }, 1, 0.25],
    [{ goalType: 'event', config: { eventName: 'signup', propertyFilters: [{ key: 'plan', value: 'free' }] } }, 0, 0],
    [{ goalType: 'outbound', config: { valuePattern: 'https://github.com/*' } }, 1, 0.25],
    [{ goalType: 'button_click', config: { valuePattern: 'sign up*' } }, 1, 0.25],
    [{ goalType: 'form_submit', config: { valuePattern: 'newsletter' } }, 1, 0.25],
    [{ goalType: 'copy', config: {} }, 1, 0.25],
  ])('counts %j as the goals report does', async (goal, conversions, rate) => {
    const res = await preview(siteId, RANGE, goal);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { total_conversions: conversions, total_sessions: 4, conversion_rate: rate } });
    const saved = await call(t.app, owner, { method: 'POST', url: `/api/sites/${siteId}/goals`, payload: goal });
    const goalId = saved.json().goalId as number;
    const report = (await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/goals?${RANGE}&page_size=100` })).json();
    const row = report.data.find((entry: { goalId: number }) => entry.goalId === goalId);
    expect([row.total_conversions, row.total_sessions, row.conversion_rate]).toEqual([conversions, 4, rate]);
    await call(t.app, owner, { method: 'DELETE', url: `/api/sites/${siteId}/goals/${goalId}` });
  });

  it('narrows by filters and the range', async () => {
    const organic = encodeURIComponent(json([{ parameter: 'channel', type: 'equals', value: ['Organic Search'] }]));
    expect((await preview(siteId, `${RANGE}&filters=${organic}`, { goalType: 'path', config: { pathPattern: '/pricing' } })).json())
      .toEqual({ data: { total_conversions: 1, total_sessions: 1, conversion_rate: 1 } });
    expect((await preview(siteId, 'start_date=2026-02-01&end_date=2026-02-01', { goalType: 'event', config: { eventName: 'signup' } })).json())
      .toEqual({ data: { total_conversions: 1, total_sessions: 1, conversion_rate: 1 } });
    expect((await preview(siteId, 'start_date=2025-01-01&end_date=2025-01-02', { goalType: 'event', config: { eventName: 'signup' } })).json())
      .toEqual({ data: { total_conversions: 0, total_sessions: 0, conversion_rate: 0 } });
  });

  it.each([
    [RANGE, { goalType: 'path', config: {} }, "Invalid body 'config.pathPattern': Path goals require pathPattern"],
    [RANGE, { goalType: 'event', config: { eventName: '' } }, "Invalid body 'config.eventName': Event goals require eventName"],
    [RANGE, { goalType: 'pageview', config: {} }, "Invalid body 'goalType'"],
    [RANGE, { goalType: 'event' }, "Invalid body 'config'"],
    [RANGE, { goalType: 'event', config: { eventName: 'x', propertyFilters: [{ key: '', value: 'v' }] } }, "Invalid body 'config.propertyFilters.0.key'"],
    [RANGE, { goalType: 'path', config: { pathPattern: '/*'.repeat(40) } }, "Invalid body 'config.pathPattern'"],
    [RANGE, [1, 2], 'Invalid body'],
    ['time_zone=Mars/Olympus', { goalType: 'copy', config: {} }, 'time_zone'],
    ['filters=[oops', { goalType: 'copy', config: {} }, 'filters'],
    ['start_date=2026-13-45&end_date=2026-13-46', { goalType: 'copy', config: {} }, 'start_date'],
  ])('answers 400 for ?%s with %j', async (query, payload, message) => {
    const res = await preview(siteId, query, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(message);
  });

  it('reads a public site without credentials, refuses a private one and strangers', async () => {
    const open = await preview(publicSiteId, RANGE, { goalType: 'path', config: { pathPattern: '/pricing' } }, null);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ data: { total_conversions: 1, total_sessions: 1, conversion_rate: 1 } });
    expect((await preview(siteId, RANGE, { goalType: 'copy', config: {} }, null)).statusCode).toBe(401);
    const stranger = await signUp(t.app, 'preview-stranger@example.com');
    expect((await preview(siteId, RANGE, { goalType: 'copy', config: {} }, stranger)).statusCode).toBe(403);
  });
});
