// A delivery claimed by a sender that stalls or dies is taken over when its claim expires, and the endpoint
// never gets an attempt twice: the request's last byte waits until its release is stored, so a sender that
// stops before releasing has sent nothing whole (the takeover sends it), and one that stops after releasing
// has sent it in full (the takeover closes it without sending). Real HTTPS receiver, SQLite and PostgreSQL.
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MetadataDatabase } from '../../src/platform/metadata-store/metadata-schema.js';
import { resolveInstanceSecret } from '../../src/platform/instance-secret.js';
import { ANSWER_NOT_READ, DEFAULT_CLAIM_MS, DeliveryRepository } from '../../src/webhooks/delivery.repository.js';
import { DeliveryWorker } from '../../src/webhooks/delivery-worker.js';
import { SecretBox } from '../../src/webhooks/secret-box.js';
import { systemResolver } from '../../src/platform/outbound/resolver.js';
import { WebhookRepository } from '../../src/webhooks/webhook.repository.js';
import { webhookSettingsFrom } from '../../src/webhooks/webhook-settings.js';
import { call } from '../helpers/auth-client.js';
import { startHttpsReceiver, type HttpsReceiver } from '../helpers/https-receiver.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';
import { until } from '../helpers/until.js';

const backends = await metadataBackends();

/** A delivery repository whose releases wait for `gate`: a sender stalled between claiming and releasing. */
class StalledRelease extends DeliveryRepository {
  constructor(db: Kysely<MetadataDatabase>, private readonly gate: Promise<void>) {
    super(db);
  }

  override async release(id: string, attempt: number): Promise<boolean> {
    await this.gate;
    return super.release(id, attempt);
  }
}

describe.each(backends)('a delivery whose sender stalls or stops (%s)', (backend) => {
  let t: TestApp;
  let receiver: HttpsReceiver;
  let f: TrackingFixture;
  let webhookId: string;

  beforeAll(async () => {
    t = await createTestApp({ backend, env: { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' } });
    // The app's own sender stays out of the way: each test runs the senders it describes.
    await t.services.webhooks.worker.stop();
    receiver = await startHttpsReceiver();
    f = await createTrackingFixture(t.app, `takeover-${backend}`, 'shop.example.com');
    const created = await call(t.app, f.owner, { method: 'POST', url: `/api/sites/${f.site.siteId}/webhooks`, payload: { url: receiver.url, eventNames: ['signup'] } });
    expect(created.statusCode, created.body).toBe(200);
    webhookId = (created.json() as { data: { id: string } }).data.id;
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  /** A sender on the app's metadata store whose clock reads `offsetMs` ahead. */
  function sender(deliveries: DeliveryRepository, offsetMs = 0): DeliveryWorker {
    const secret = resolveInstanceSecret(t.config.authSecret, t.config.dataDir);
    return new DeliveryWorker({
      webhooks: new WebhookRepository(t.services.metadata.db, new SecretBox(secret)),
      deliveries,
      settings: webhookSettingsFrom(t.config),
      policy: { allowPrivateTargets: true, resolve: systemResolver },
      clock: () => Date.now() + offsetMs,
      log: t.app.log,
    });
  }

  /** Tracks a `signup` and waits for its delivery (the trigger runs before the event is acknowledged). */
  async function newDelivery(pathname: string): Promise<string> {
    const tracked = await call(t.app, { key: f.key }, { method: 'POST', url: '/api/track', payload: { site_id: f.site.id, hostname: 'shop.example.com', type: 'custom_event', event_name: 'signup', pathname } });
    expect(tracked.json()).toEqual({ success: true });
    await t.services.ingestion.flush();
    const log = await until(() => deliveryLog(), (rows) => rows.some((row) => row.status === 'pending'));
    return log.find((row) => row.status === 'pending')?.id ?? '';
  }

  async function deliveryLog() {
    const res = await call(t.app, f.owner, { method: 'GET', url: `/api/sites/${f.site.siteId}/webhooks/${webhookId}/deliveries` });
    return (res.json() as { data: Array<{ id: string; status: string; attempts: number; response_code: number | null; error: string | null }> }).data;
  }

  it('sends nothing whole before the release is stored; a takeover sends the attempt once and the stalled sender withholds its last byte', async () => {
    const before = receiver.requests.length;
    const deliveryId = await newDelivery('/stalled');
    let open = (): void => undefined;
    const gate = new Promise<void>((resolve) => {
      open = resolve;
    });
    const stalled = sender(new StalledRelease(t.services.metadata.db, gate));
    stalled.kick();
    // The endpoint holds every byte but the last, and no complete request.
    const [arriving] = await until(() => receiver.arriving(), (list) => list.length === 1 && (list[0]?.bytes ?? 0) === (list[0]?.contentLength ?? 0) - 1);
    expect(arriving?.contentLength).toBeGreaterThan(100);
    expect(receiver.requests.length).toBe(before);

    // Another process, past the claim, takes the attempt over and sends it whole.
    const takeover = sender(new DeliveryRepository(t.services.metadata.db), DEFAULT_CLAIM_MS + 1_000);
    takeover.kick();
    await takeover.idle();
    expect(receiver.requests.length).toBe(before + 1);
    expect(receiver.requests[before]?.headers['service-delivery-id']).toBe(deliveryId);

    // The stalled sender comes back: its release is refused, so its request is cut off one byte short.
    open();
    await stalled.idle();
    await until(() => receiver.arriving(), (list) => list.length === 0);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests.length).toBe(before + 1);
    const [row] = (await deliveryLog()).filter((each) => each.id === deliveryId);
    expect(row).toMatchObject({ status: 'succeeded', attempts: 2, response_code: 200, error: null });
  });

  it('closes an attempt released in full whose sender stopped before the answer, without sending it again', async () => {
    const before = receiver.requests.length;
    const deliveryId = await newDelivery('/released');
    // A sender claimed attempt 1 and stored its release (its last byte went out), then stopped.
    const repository = new DeliveryRepository(t.services.metadata.db);
    const claimed = await repository.claim(deliveryId, Date.now());
    expect(claimed?.attempts).toBe(1);
    expect(await repository.release(deliveryId, 1)).toBe(true);
    // A second release of the same attempt is refused: only one sender completes a request.
    expect(await repository.release(deliveryId, 1)).toBe(false);

    // Before the claim expires, other processes leave it alone.
    const early = sender(new DeliveryRepository(t.services.metadata.db));
    early.kick();
    await early.idle();
    expect((await deliveryLog()).find((each) => each.id === deliveryId)).toMatchObject({ status: 'pending', attempts: 1 });

    const later = sender(new DeliveryRepository(t.services.metadata.db), DEFAULT_CLAIM_MS + 1_000);
    later.kick();
    await later.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.requests.length).toBe(before);
    expect((await deliveryLog()).find((each) => each.id === deliveryId)).toEqual(expect.objectContaining({
      status: 'succeeded', attempts: 1, response_code: null, error: ANSWER_NOT_READ,
    }));
  });

  it('clears the release with the outcome, so a failed attempt is retried on schedule', async () => {
    const before = receiver.requests.length;
    receiver.respondWith(503, 200);
    const deliveryId = await newDelivery('/retry');
    const first = sender(new DeliveryRepository(t.services.metadata.db));
    first.kick();
    await first.idle();
    expect((await deliveryLog()).find((each) => each.id === deliveryId)).toMatchObject({ status: 'retrying', attempts: 1, response_code: 503 });
    // The first retry is due a minute later (the standard schedule).
    const retry = sender(new DeliveryRepository(t.services.metadata.db), 61_000);
    retry.kick();
    await retry.idle();
    expect(receiver.requests.slice(before).map((request) => request.headers['service-delivery-id'])).toEqual([deliveryId, deliveryId]);
    expect((await deliveryLog()).find((each) => each.id === deliveryId)).toMatchObject({ status: 'succeeded', attempts: 2, response_code: 200, error: null });
    receiver.respondWith(200);
  });
});
