// Webhook deliveries to a real HTTPS receiver on loopback: payload, headers, signature, triggers, retries,
// redirects, auto-disable and reset, rotation, the test ping, and a restart in the middle of a schedule.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHmac } from 'node:crypto';
import { verifySignature } from '../helpers/verify-webhook-signature.js';
import { call } from '../helpers/auth-client.js';
import { createTrackingFixture } from '../helpers/tracking-fixture.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { until } from '../helpers/until.js';

const ENV = { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', WEBHOOK_RETRY_DELAYS: '300ms,600ms,300ms,300ms,300ms' };

interface Fixture {
  t: TestApp;
  owner: { cookie: string };
  key: string;
  site: { siteId: number; id: string };
}

async function fixture(t: TestApp, slug: string): Promise<Fixture> {
  const { owner, key, site } = await createTrackingFixture(t.app, slug, 'shop.example.com');
  return { t, owner, key, site };
}

async function createWebhook(f: Fixture, body: Record<string, unknown>) {
  const res = await call(f.t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks`, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: string; secret: string; status: string };
}

async function track(f: Fixture, body: Record<string, unknown>) {
  const res = await call(f.t.app, { key: f.key }, { method: 'POST', url: '/api/track', payload: { site_id: f.site.id, hostname: 'shop.example.com', ...body } });
  expect(res.json()).toEqual({ success: true });
}

async function deliveries(f: Fixture, webhookId: string) {
  return (await call(f.t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhookId}/deliveries` })).json().data as Array<{
    id: string; status: string; attempts: number; response_code: number | null; error: string | null; trigger: unknown;
  }>;
}

describe('webhook deliveries', () => {
  let t: TestApp;
  let receiver: HttpsReceiver;
  beforeAll(async () => {
    t = await createTestApp({ env: ENV });
    receiver = await startHttpsReceiver();
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('creates one delivery per trigger even when a stored event reaches the triggers again (a repeated spool segment)', async () => {
    const f = await fixture(t, 'wh-repeat');
    receiver.respondWith(200);
    const webhook = await createWebhook(f, { url: receiver.url, eventNames: ['signup'] });
    await track(f, { type: 'custom_event', event_name: 'signup', pathname: '/join' });
    await t.services.ingestion.flush();
    const stored = await t.services.analytics.query('SELECT * FROM events WHERE site_id = {site:UInt32} AND event_name = {name:String}', { site: f.site.siteId, name: 'signup' });
    expect(stored).toHaveLength(1);
    await t.services.webhooks.listener.onStored(stored[0] ?? {});
    await t.services.webhooks.listener.onStored(stored[0] ?? {});
    const list = await until(() => deliveries(f, webhook.id), (found) => found.length > 0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(list.map((delivery) => delivery.trigger)).toEqual([{ kind: 'event', name: 'signup' }]);
    expect(await deliveries(f, webhook.id)).toHaveLength(1);
  });

  it('delivers a signed event.matched payload with the three headers, once per trigger', async () => {
    const f = await fixture(t, 'wh-payload');
    const goal = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/goals`, payload: { name: 'Purchases', goalType: 'event', config: { eventName: 'purchase' } } });
    expect(goal.statusCode, goal.body).toBe(200);
    const goalId = goal.json().goalId as number;
    receiver.requests.length = 0;
    receiver.respondWith(200);
    const webhook = await createWebhook(f, { url: receiver.url, goalIds: [goalId], eventNames: ['purchase'], description: 'orders' });
    expect(webhook.secret).toMatch(/^whsec_/);
    await track(f, { type: 'custom_event', event_name: 'purchase', pathname: '/checkout', properties: JSON.stringify({ plan: 'pro', value: 49 }), user_id: 'cust-7' });
    const [first, second] = await receiver.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.requests).toHaveLength(2);
    const bodies = [first, second].map((request) => JSON.parse(request!.rawBody));
    expect(bodies.map((body) => body.trigger).sort((a, b) => a.kind.localeCompare(b.kind))).toEqual([
      { kind: 'event', name: 'purchase' },
      { kind: 'goal', goal_id: goalId, name: 'Purchases' },
    ]);
    const body = bodies[0];
    expect(body).toMatchObject({ type: 'event.matched', webhook_id: webhook.id, site_id: f.site.siteId });
    expect(body.created_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    expect(body.event).toMatchObject({ type: 'custom_event', event_name: 'purchase', props: { plan: 'pro', value: 49 }, pathname: '/checkout', hostname: 'shop.example.com', identified_user_id: 'cust-7' });
    expect(body.event.timestamp).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{3}$/);
    expect(body.event.session_id).toMatch(/^\d+$/);
    expect(body.event.user_id).toMatch(/^[0-9a-f]{12}$/);
    const headers = first!.headers;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['service-webhook-id']).toBe(webhook.id);
    expect(headers['service-delivery-id']).toBe(JSON.parse(first!.rawBody).id);
    const signature = String(headers['service-signature']);
    const [, t0, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(signature) ?? [];
    expect(v1).toBe(createHmac('sha256', webhook.secret).update(`${t0}.${first!.rawBody}`).digest('hex'));
    expect(verifySignature(webhook.secret, signature, first!.rawBody, Math.floor(Date.now() / 1000))).toBe(true);

    const rotated = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}/rotate-secret` });
    const newSecret = rotated.json().data.secret as string;
    expect(newSecret).not.toBe(webhook.secret);
    await track(f, { type: 'custom_event', event_name: 'purchase', pathname: '/checkout' });
    const later = (await receiver.waitFor(4)).slice(2);
    for (const request of later) {
      const header = String(request.headers['service-signature']);
      expect(verifySignature(newSecret, header, request.rawBody, Math.floor(Date.now() / 1000))).toBe(true);
      expect(verifySignature(webhook.secret, header, request.rawBody, Math.floor(Date.now() / 1000))).toBe(false);
    }
    const log = await until(() => deliveries(f, webhook.id), (rows) => rows.length === 4 && rows.every((row) => row.status === 'succeeded'));
    expect(log.every((row) => row.attempts === 1 && row.response_code === 200)).toBe(true);
  });

  it('pageviews trigger only through path goals', async () => {
    const f = await fixture(t, 'wh-pageview');
    const pathGoal = (await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/goals`, payload: { name: 'Docs', goalType: 'path', config: { pathPattern: '/docs/**' } } })).json().goalId as number;
    const eventGoal = (await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/goals`, payload: { name: 'Signup', goalType: 'event', config: { eventName: 'signup' } } })).json().goalId as number;
    receiver.requests.length = 0;
    receiver.respondWith(200);
    const webhook = await createWebhook(f, { url: receiver.url, goalIds: [pathGoal, eventGoal] });
    await track(f, { pathname: '/docs/a/b' });
    await track(f, { pathname: '/pricing' });
    const [request] = await receiver.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.requests).toHaveLength(1);
    expect(JSON.parse(request!.rawBody).trigger).toEqual({ kind: 'goal', goal_id: pathGoal, name: 'Docs' });
    expect((await deliveries(f, webhook.id))).toHaveLength(1);
  });

  it('retries failures on the schedule, counts a redirect as a failure, and stops after 6 attempts', async () => {
    const f = await fixture(t, 'wh-retry');
    receiver.requests.length = 0;
    receiver.respondWith(500, 302, 500, 500, 500, 500);
    const webhook = await createWebhook(f, { url: receiver.url, eventNames: ['retry-me'] });
    await track(f, { type: 'custom_event', event_name: 'retry-me' });
    const requests = await receiver.waitFor(6, 30_000);
    const ids = new Set(requests.map((request) => request.headers['service-delivery-id']));
    expect(ids.size).toBe(1);
    const gaps = requests.slice(1).map((request, i) => request.at - requests[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(300);
    expect(gaps[1]).toBeGreaterThanOrEqual(600);
    const [entry] = await until(() => deliveries(f, webhook.id), (rows) => rows[0]?.status === 'failed');
    expect(entry).toMatchObject({ status: 'failed', attempts: 6, response_code: 500, error: 'Endpoint answered 500' });
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(receiver.requests).toHaveLength(6);
    const afterRedirect = (await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}` })).json().data;
    expect(afterRedirect.consecutive_failures).toBe(6);
  });

  it('disables after 20 consecutive failed attempts and resets on success and on re-enable', async () => {
    const f = await fixture(t, 'wh-disable');
    receiver.requests.length = 0;
    receiver.respondWith(503);
    const webhook = await createWebhook(f, { url: receiver.url, eventNames: ['boom'] });
    for (let i = 0; i < 4; i += 1) await track(f, { type: 'custom_event', event_name: 'boom' });
    const disabled = await until(
      async () => (await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}` })).json().data,
      (data) => data.status === 'disabled',
      40_000,
    );
    expect(disabled.consecutive_failures).toBe(20);
    expect(disabled.disabled_reason).toMatch(/^Disabled after 20 consecutive failed deliveries/);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(receiver.requests).toHaveLength(20);
    const log = await deliveries(f, webhook.id);
    expect(log.every((row) => row.status === 'failed')).toBe(true);
    // While disabled, no deliveries are created.
    await track(f, { type: 'custom_event', event_name: 'boom' });
    expect(await deliveries(f, webhook.id)).toHaveLength(4);

    receiver.respondWith(200);
    const reenabled = await call(t.app, f.owner, { method: 'PATCH', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}`, payload: { enabled: true } });
    expect(reenabled.json().data).toMatchObject({ status: 'enabled', disabled_reason: null, consecutive_failures: 0 });

    receiver.respondWith(500, 200);
    await track(f, { type: 'custom_event', event_name: 'boom' });
    await receiver.waitFor(22, 20_000);
    const data = await until(
      async () => (await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}` })).json().data,
      (value) => value.consecutive_failures === 0 && receiver.requests.length === 22,
    );
    expect(data.status).toBe('enabled');
  });

  it('answers the test ping synchronously with its reduced payload', async () => {
    const f = await fixture(t, 'wh-ping');
    receiver.requests.length = 0;
    receiver.respondWith(204);
    const webhook = await createWebhook(f, { url: receiver.url, eventNames: ['x'] });
    const res = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}/test` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ success: true, status_code: 204, error: null });
    expect(typeof res.json().data.duration_ms).toBe('number');
    // A retry left by an earlier test may reach the receiver meanwhile: pick the ping out.
    const pings = receiver.requests.map((request) => JSON.parse(request.rawBody) as Record<string, unknown>).filter((each) => each.type === 'test.ping');
    expect(pings).toHaveLength(1);
    const body = pings[0];
    expect(Object.keys(body ?? {}).sort()).toEqual(['created_at', 'id', 'site_id', 'type', 'webhook_id']);
    expect(body).toMatchObject({ type: 'test.ping', webhook_id: webhook.id, site_id: f.site.siteId });
    receiver.respondWith(301);
    const redirected = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}/test` });
    expect(redirected.json().data).toMatchObject({ success: false, status_code: 301, error: 'Redirect (301) not followed' });
  });
});

describe('webhook schedule across a restart', () => {
  it('resumes a retry schedule after a restart with the same delivery id and the next attempt number', async () => {
    const receiver = await startHttpsReceiver();
    const first = await createTestApp({ env: { ...ENV, WEBHOOK_RETRY_DELAYS: '3s,3s,3s,3s,3s' } });
    const dataDir = first.dataDir;
    const f = await fixture(first, 'wh-restart');
    receiver.respondWith(500, 200);
    const webhook = await createWebhook(f, { url: receiver.url, eventNames: ['order'] });
    await track(f, { type: 'custom_event', event_name: 'order' });
    await receiver.waitFor(1);
    await until(() => deliveries(f, webhook.id), (rows) => rows[0]?.status === 'retrying');
    // Stop without deleting the data directory, then start a new process-equivalent on it.
    await first.services.ingestion.flush();
    await first.app.close();
    await first.services.webhooks.close();
    await first.services.ingestion.close();
    await first.services.analytics.close();
    await first.services.metadata.close();
    const second = await createTestApp({ env: { ...ENV, DATA_DIR: dataDir, WEBHOOK_RETRY_DELAYS: '3s,3s,3s,3s,3s' } });
    try {
      const requests = await receiver.waitFor(2, 20_000);
      expect(requests[1]!.headers['service-delivery-id']).toBe(requests[0]!.headers['service-delivery-id']);
      expect(requests[1]!.at - requests[0]!.at).toBeGreaterThanOrEqual(3000);
      const log = await until(() => deliveries({ ...f, t: second }, webhook.id), (rows) => rows[0]?.status === 'succeeded');
      expect(log[0]).toMatchObject({ attempts: 2, response_code: 200 });
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(receiver.requests).toHaveLength(2);
    } finally {
      await second.close();
      await receiver.close();
    }
  });
});
