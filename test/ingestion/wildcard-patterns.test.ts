// Wildcard patterns against hostile input over HTTP: exclusions and goals answer exactly on 2 KB values, and saved patterns hold at most 10 wildcards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/auth-client.js';
import { rows } from '../helpers/analytics-rows.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const ELEVEN_STARS = '/a' + '/*'.repeat(11);
const TEN_STARS = '/a' + '/*'.repeat(10);

describe('wildcard patterns on hostile input', () => {
  let t: TestApp;
  let f: TrackingFixture;
  let receiver: HttpsReceiver;

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true', WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    f = await createTrackingFixture(t.app, 'wildcards', 'example.com', { excludedPaths: ['/app/*/*/*.html'], excludedHostnames: ['*.*.*.*.*.preview.example.com'] });
    receiver = await startHttpsReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  const anonymous = (fields: Record<string, unknown>) =>
    track(t.app, { site_id: f.site.id, ...fields }, { headers: browserHeaders({ forwardedFor: '8.8.8.8' }) });

  async function storedCount(pathname: string): Promise<number> {
    await t.services.ingestion.flush();
    const found = await rows<{ n: string }>(t, 'SELECT count() AS n FROM events WHERE site_id = {site:UInt32} AND pathname = {path:String}', {
      site: f.site.siteId,
      path: pathname,
    });
    return Number(found[0]?.n);
  }

  it('answers anonymous tracking with a 2 KB path of slashes at once, and excludes exactly', async () => {
    const slashes = (count: number) => `/app/${'/'.repeat(count)}`;
    const kept = [2040, 2041, 2042, 2043].map(slashes);
    const responses = await Promise.all([...kept.map((pathname) => anonymous({ pathname })), t.app.inject({ method: 'GET', url: '/api/health' })]);
    expect(responses.map((response) => response.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(responses.slice(0, 4).map((response) => response.json())).toEqual([{ success: true }, { success: true }, { success: true }, { success: true }]);
    for (const pathname of kept) expect(await storedCount(pathname)).toBe(1);

    const excluded = `${slashes(2030)}x.html`;
    expect((await anonymous({ pathname: excluded })).json()).toEqual({ success: true, message: 'Event not tracked - path excluded' });
    expect(await storedCount(excluded)).toBe(0);
  });

  it('matches a hostname pattern of five stars against a long dotted hostname exactly', async () => {
    const dots = `${'.'.repeat(200)}.example.com`;
    expect((await anonymous({ pathname: '/host-kept', hostname: dots })).json()).toEqual({ success: true });
    const deep = 'a.b.c.d.e.preview.example.com';
    expect((await anonymous({ pathname: '/host-excluded', hostname: deep })).json()).toEqual({ success: true, message: 'Event not tracked - hostname excluded' });
  });

  it('matches a goal `*a*a*a*b` against the longest button text in JavaScript (webhooks) and SQL (reports) alike', async () => {
    const goal = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/goals`, payload: { name: 'ab', goalType: 'button_click', config: { valuePattern: '*a*a*a*b' } } });
    expect(goal.statusCode, goal.body).toBe(200);
    const goalId = goal.json().goalId as number;
    receiver.respondWith(200);
    const webhook = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks`, payload: { url: receiver.url, goalIds: [goalId] } });
    expect(webhook.statusCode, webhook.body).toBe(200);
    const longest = 2048 - JSON.stringify({ text: '' }).length;
    const miss = 'a'.repeat(longest);
    const hit = `${'a'.repeat(longest - 1)}B`;
    for (const text of [miss, hit]) {
      const response = await anonymous({ type: 'button_click', pathname: '/buttons', properties: JSON.stringify({ text }) });
      expect(response.json()).toEqual({ success: true });
    }
    const [delivery] = await receiver.waitFor(1);
    expect(JSON.parse(delivery?.rawBody ?? '{}').trigger).toEqual({ kind: 'goal', goal_id: goalId, name: 'ab' });
    await t.services.ingestion.flush();
    const report = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/goals` });
    expect(report.statusCode).toBe(200);
    const row = (report.json().data as Array<{ goalId?: number; id?: number; total_conversions: number }>).find((entry) => (entry.goalId ?? entry.id) === goalId);
    expect(row?.total_conversions).toBe(1);
    expect(receiver.requests).toHaveLength(1);
  });

  it.each([
    ['excludedPaths', { excludedPaths: ['/ok', ELEVEN_STARS] }, 'excludedPaths.1'],
    ['excludedHostnames', { excludedHostnames: ['*.*.*.*.*.*.*.*.*.*.*.example.com'] }, 'excludedHostnames.0'],
  ])('refuses a site %s pattern with 11 wildcards with a 400 naming the field', async (_name, payload, field) => {
    const response = await call(t.app, f.owner, { method: 'PUT', url: `/api/sites/${f.site.id}/config`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      error: `Invalid body '${field}': must hold at most 10 wildcards (*)`,
      details: { fieldErrors: { [field]: ['must hold at most 10 wildcards (*)'] }, formErrors: [] },
    });
  });

  it('accepts ten wildcards in a site pattern', async () => {
    const response = await call(t.app, f.owner, { method: 'PUT', url: `/api/sites/${f.site.id}/config`, payload: { excludedPaths: ['/app/*/*/*.html', TEN_STARS] } });
    expect(response.statusCode).toBe(200);
  });

  it.each([
    ['a path goal', { goalType: 'path', config: { pathPattern: ELEVEN_STARS } }, 'config.pathPattern'],
    ['a value goal', { goalType: 'outbound', config: { valuePattern: 'https://*'.repeat(11) } }, 'config.valuePattern'],
  ])('refuses %s with 11 wildcards with a 400 naming the field', async (_name, payload, field) => {
    const response = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/goals`, payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe(`Invalid body '${field}': must hold at most 10 wildcards (*)`);
  });

  it('refuses a funnel page step with 11 wildcards with a 400 naming the step', async () => {
    const steps = [{ type: 'page', value: '/' }, { type: 'page', value: ELEVEN_STARS }];
    const response = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/funnels/analyze`, payload: { steps } });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("Invalid body 'steps.1.value': must hold at most 10 wildcards (*)");
  });
});
