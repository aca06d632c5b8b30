// Alerts end to end on a settable clock, with a real SMTP server and a real HTTPS webhook receiver on loopback:
// traffic crosses a threshold, exactly one mail and one signed webhook arrive; nothing more while it holds, nor
// after a restart; one "resolved" of each when traffic returns to normal; the firing log shows both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifySignature } from '../helpers/verify-webhook-signature.js';
import { call } from '../helpers/auth-client.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { seedEvents } from '../helpers/seed-events.js';
import { startSmtpReceiver, type SmtpReceiver } from '../helpers/smtp-receiver.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { until } from '../helpers/until.js';

const clock = frozenClock('2026-03-10T12:00:00.000Z');

describe('an alert firing and resolving', () => {
  let smtp: SmtpReceiver;
  let receiver: HttpsReceiver;
  let dataDir: string;
  let t: TestApp;
  let f: TrackingFixture;
  let webhook: { id: string; secret: string };
  let alertId: string;
  const env = () => ({
    DATA_DIR: dataDir, SMTP_URL: smtp.url, WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true', ALERT_CHECK_INTERVAL: '100ms', WEBHOOK_RETRY_DELAYS: '300ms,300ms',
  });
  /** The alert's mails (the sign-up's own verification mail goes to the owner). */
  const opsMail = () => smtp.received.filter((each) => each.to.includes('ops@example.com'));
  const start = () => createTestApp({ clock: clock.now, env: env() });

  /** Moves the clock and waits until the alert was evaluated at the new time. */
  async function evaluatedAt(ms: number) {
    clock.set(ms);
    const iso = new Date(ms).toISOString();
    return until(async () => (await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/alerts/${alertId}` })).json().data, (alert) => alert.last_evaluated_at === iso);
  }

  beforeAll(async () => {
    smtp = await startSmtpReceiver();
    receiver = await startHttpsReceiver();
    receiver.respondWith(200);
    dataDir = mkdtempSync(join(tmpdir(), 'loupe-alerts-'));
    t = await start();
    f = await createTrackingFixture(t.app, 'alerts-e2e', 'shop.example.com');
    const created = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks`, payload: { url: receiver.url, eventNames: ['signup'] } });
    expect(created.statusCode, created.body).toBe(200);
    webhook = created.json().data;
  });

  afterAll(async () => {
    await t.close();
    await smtp.close();
    await receiver.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('notifies once per transition, across a restart', async () => {
    const rule = await call(t.app, f.owner, {
      method: 'POST',
      url: `/api/sites/${f.site.siteId}/alerts`,
      payload: { name: 'Busy hour', metric: 'visitors', window: 'hour', condition: 'above', threshold: 3, emails: ['ops@example.com'], webhookIds: [webhook.id] },
    });
    expect(rule.statusCode, rule.body).toBe(200);
    alertId = rule.json().data.id;
    expect(rule.json().data).toMatchObject({ state: 'ok', metric: 'visitors', window: 'hour', condition: 'above', threshold: 3, emails: ['ops@example.com'], webhook_ids: [webhook.id], webhook_format: 'json', filters: [] });

    // Quiet: evaluated, nothing sent.
    const quiet = await evaluatedAt(Date.parse('2026-03-10T12:00:00.000Z'));
    expect(quiet).toMatchObject({ state: 'ok', last_value: 0 });

    // Five visitors in the last hour (and one two hours ago, outside the window).
    await seedEvents(t, f.site.siteId, [
      ...[1, 2, 3, 4, 5].map((n) => ({ at: `2026-03-10T12:${String(n * 5).padStart(2, '0')}:00.000Z`, session_id: 100 + n, user_id: `v${n}`, pathname: '/pricing' })),
      { at: '2026-03-10T10:30:00.000Z', session_id: 99, user_id: 'v0', pathname: '/' },
    ]);
    const fired = await evaluatedAt(Date.parse('2026-03-10T12:40:00.000Z'));
    expect(fired).toMatchObject({ state: 'firing', last_value: 5 });
    // The same figure as the API's overview for that window.
    const overview = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/overview?start_datetime=2026-03-10T11:40:00Z&end_datetime=2026-03-10T12:40:00Z` });
    expect(overview.json().data.users).toBe(5);

    const [mail] = await until(opsMail, (mails) => mails.length === 1);
    expect(mail!.headers.subject).toBe('[Loupe] Fired: Busy hour (shop.example.com)');
    expect(mail!.text).toContain('The alert "Busy hour" on shop.example.com fired: its condition now holds.');
    expect(mail!.text).toContain('Metric: visitors in the last hour');
    expect(mail!.text).toContain('Value: 5\r\n');
    expect(mail!.text).toContain('Condition: above 3');
    expect(mail!.text).toContain('Window: 2026-03-10T11:40:00.000Z to 2026-03-10T12:40:00.000Z (UTC)');
    expect(mail!.text).toContain(`Dashboard: http://localhost:3001/sites/${f.site.siteId}?period=24h`);

    const [request] = await receiver.waitFor(1);
    const body = JSON.parse(request!.rawBody);
    expect(verifySignature(webhook.secret, String(request!.headers['service-signature']), request!.rawBody, Math.floor(clock.now() / 1000))).toBe(true);
    expect(request!.headers['service-delivery-id']).toBe(body.id);
    expect(body).toMatchObject({
      type: 'alert.fired', webhook_id: webhook.id, site_id: f.site.siteId, created_at: '2026-03-10T12:40:00.000Z',
      alert: { id: alertId, name: 'Busy hour', metric: 'visitors', window: 'hour', condition: 'above', threshold: 3, filters: [], goal_id: null, segment_id: null },
      firing: { value: 5, baseline: null, change_percent: null, window_from: '2026-03-10T11:40:00.000Z', window_to: '2026-03-10T12:40:00.000Z' },
      dashboard_url: `http://localhost:3001/sites/${f.site.siteId}?period=24h`,
    });
    expect(body.text).toContain('[Loupe] Alert "Busy hour" fired on shop.example.com: visitors in the last hour is 5; condition: above 3.');

    // Still holding: more evaluations send nothing.
    await evaluatedAt(Date.parse('2026-03-10T12:41:00.000Z'));
    await evaluatedAt(Date.parse('2026-03-10T12:42:00.000Z'));

    // A restart while it holds sends nothing again.
    await t.close();
    t = await start();
    const after = await evaluatedAt(Date.parse('2026-03-10T12:50:00.000Z'));
    expect(after).toMatchObject({ state: 'firing', last_value: 5 });
    await t.services.mailQueue.idle();
    expect(opsMail().map((each) => each.headers.subject)).toEqual(['[Loupe] Fired: Busy hour (shop.example.com)']);
    expect(receiver.requests).toHaveLength(1);

    // Traffic gone from the window: one "resolved" of each.
    const resolved = await evaluatedAt(Date.parse('2026-03-10T14:00:00.000Z'));
    expect(resolved).toMatchObject({ state: 'ok', last_value: 0 });
    const mails = await until(opsMail, (all) => all.length === 2);
    expect(mails[1]!.headers.subject).toBe('[Loupe] Resolved: Busy hour (shop.example.com)');
    expect(mails[1]!.text).toContain('Value: 0\r\n');
    const requests = await receiver.waitFor(2);
    const second = JSON.parse(requests[1]!.rawBody);
    expect(second).toMatchObject({ type: 'alert.resolved', firing: { value: 0, window_from: '2026-03-10T13:00:00.000Z', window_to: '2026-03-10T14:00:00.000Z' } });
    expect(verifySignature(webhook.secret, String(requests[1]!.headers['service-signature']), requests[1]!.rawBody, Math.floor(clock.now() / 1000))).toBe(true);

    // The firing log, newest first, with each channel's outcome.
    const log = await until(
      async () => (await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/alert-firings?alertId=${alertId}` })).json().data,
      (rows) => rows.length === 2 && rows.every((row: { deliveries: Array<{ status: string }> }) => row.deliveries.every((d) => d.status === 'sent' || d.status === 'succeeded')),
    );
    expect(log.map((row: { kind: string; value: number; alert_name: string }) => [row.kind, row.value, row.alert_name])).toEqual([['resolved', 0, 'Busy hour'], ['fired', 5, 'Busy hour']]);
    expect(log[1].deliveries).toEqual([
      { channel: 'email', target: 'ops@example.com', status: 'sent', attempts: 1, error: null },
      { channel: 'webhook', target: webhook.id, status: 'succeeded', attempts: 1, error: null },
    ]);
    const deliveries = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhook.id}/deliveries` });
    expect(deliveries.json().data.map((row: { trigger: unknown }) => row.trigger)).toEqual([
      { kind: 'alert', alert_id: alertId, name: 'Busy hour', event: 'alert.resolved' },
      { kind: 'alert', alert_id: alertId, name: 'Busy hour', event: 'alert.fired' },
    ]);
    expect(opsMail()).toHaveLength(2);
    expect(receiver.requests).toHaveLength(2);
  }, 120_000);
});
