// Sends due deliveries: claims each attempt, signs with the current secret, releases the request's last byte
// only once that is stored, records the outcome, schedules retries (1 min … 6 h), disables a webhook after 20
// consecutive failed attempts, purges the 30-day log. A claim left by a crashed sender is taken over when it
// expires: sent again if its request was never released in full, closed without sending if it was.
import type { FastifyBaseLogger } from 'fastify';
import type { Delivery, DeliveryRepository } from './delivery.repository.js';
import { PeriodicTask } from '../platform/periodic-task.js';
import { sendAttempt, type AttemptResult } from './delivery-sender.js';
import { PassConnections } from './pass-connections.js';
import { nextDelay } from '../platform/retry-schedule.js';
import type { UrlPolicyOptions } from './webhook-url-policy.js';
import type { WebhookRepository } from './webhook.repository.js';
import type { WebhookSettings } from './webhook-settings.js';

export interface DeliveryWorkerDeps {
  readonly webhooks: WebhookRepository;
  readonly deliveries: DeliveryRepository;
  readonly settings: WebhookSettings;
  readonly policy: UrlPolicyOptions;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

const BATCH = 20;
const PURGE_EVERY_MS = 3_600_000;

export class DeliveryWorker {
  private lastPurge = 0;
  private readonly task: PeriodicTask;

  constructor(private readonly deps: DeliveryWorkerDeps) {
    this.task = new PeriodicTask('webhook delivery pass', () => this.pass(), deps.settings.pollIntervalMs, deps.log);
  }

  start(): void {
    this.task.start();
  }

  /** Runs a pass now (new deliveries go out at once); passes never overlap. */
  kick(): void {
    this.task.kick();
  }

  /** Waits for the pass in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.task.idle();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }

  private async pass(): Promise<void> {
    const now = this.deps.clock();
    if (now - this.lastPurge > PURGE_EVERY_MS) {
      this.lastPurge = now;
      await this.deps.deliveries.purgeBefore(new Date(now - this.deps.settings.logRetentionMs).toISOString());
    }
    const settled = await this.deps.deliveries.settleReleased(new Date(now).toISOString());
    if (settled > 0) this.deps.log.warn({ deliveries: settled }, 'webhook deliveries sent in full by a stopped process closed without sending again');
    const due = await this.deps.deliveries.due(new Date(now).toISOString(), BATCH);
    // One webhook's attempts run one after another, so none is sent after the one that disables it.
    const byWebhook = new Map<string, string[]>();
    for (const { id, webhook_id: webhookId } of due) byWebhook.set(webhookId, [...(byWebhook.get(webhookId) ?? []), id]);
    // The attempts of a pass to one endpoint share its connection (one TLS handshake a pass, not one an attempt).
    const connections = new PassConnections();
    try {
      await Promise.all(
        [...byWebhook.values()].map(async (ids) => {
          for (const id of ids) await this.attempt(id, connections);
        }),
      );
    } finally {
      await connections.close();
    }
    // A full batch may have left more due behind it: the next pass follows at once instead of at the next tick.
    if (due.length === BATCH) this.task.kick();
  }

  private async attempt(id: string, connections: PassConnections): Promise<void> {
    const delivery = await this.deps.deliveries.claim(id, this.deps.clock());
    if (!delivery) return;
    const { webhook, secret } = (await this.deps.webhooks.withSecret(delivery.webhook_id)) ?? {};
    if (!webhook || !secret || webhook.status !== 'enabled') {
      await this.deps.deliveries.finish(id, { status: 'failed', responseCode: null, error: 'Webhook disabled', nextAttemptAt: null });
      return;
    }
    const release = (): Promise<boolean> => this.deps.deliveries.release(delivery.id, delivery.attempts);
    const result = await sendAttempt(
      { url: webhook.url, webhookId: webhook.id, deliveryId: delivery.id, secret, body: delivery.payload, nowMs: this.deps.clock(), release },
      this.deps.policy,
      connections,
    );
    if (result.withheld) {
      // This process stalled past its claim and another took the attempt over: the other's outcome stands.
      this.deps.log.warn({ deliveryId: delivery.id }, 'webhook attempt withheld: its claim was taken over');
      return;
    }
    await this.record(delivery, result);
  }

  private async record(delivery: Delivery, result: AttemptResult): Promise<void> {
    const { webhooks, deliveries, settings } = this.deps;
    if (result.success) {
      await deliveries.finish(delivery.id, { status: 'succeeded', responseCode: result.statusCode, error: null, nextAttemptAt: null });
      await webhooks.recordSuccess(delivery.webhook_id);
      return;
    }
    const error = result.error ?? 'Delivery failed';
    const { disabled } = await webhooks.recordFailure(delivery.webhook_id, settings.disableAfterFailures, error);
    const delay = disabled ? undefined : nextDelay(settings.retryDelaysMs, delivery.attempts);
    await deliveries.finish(delivery.id, {
      status: delay === undefined ? 'failed' : 'retrying',
      responseCode: result.statusCode,
      error,
      nextAttemptAt: delay === undefined ? null : new Date(this.deps.clock() + delay).toISOString(),
    });
    if (disabled) {
      this.deps.log.warn({ webhookId: delivery.webhook_id }, 'webhook disabled after consecutive failed deliveries');
      await deliveries.failPending(delivery.webhook_id, 'Webhook disabled after consecutive failed deliveries');
    }
  }
}
