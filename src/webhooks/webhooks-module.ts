// Builds the webhook side: repositories, trigger evaluation on stored events, the delivery worker, routes.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { StoredEventListener } from '../ingestion/index.js';
import type { Guards } from '../platform/http/guards.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { GoalRepository } from '../goals/index.js';
import { OrganizationPlans } from '../organizations/index.js';
import { DeliveryRepository, type Delivery } from './delivery.repository.js';
import { DeliveryWorker } from './delivery-worker.js';
import { goalSourceOf } from './goal-source.js';
import { payloadMentions, type EventOwner } from './webhook-payload.js';
import { SecretBox } from './secret-box.js';
import { WebhookService } from './webhook-service.js';
import type { WebhookSettings } from './webhook-settings.js';
import { WebhookTriggers } from './webhook-triggers.js';
import { systemResolver, type Resolver } from '../platform/outbound/resolver.js';
import { WebhookRepository, type Webhook } from './webhook.repository.js';
import { webhooksRoutes } from './webhooks.routes.js';

export interface WebhooksModuleDeps {
  /** The goal definitions (the goals feature's repository). */
  readonly goals: GoalRepository;
  readonly db: Kysely<MetadataDatabase>;
  readonly guards: Guards;
  readonly instanceSecret: string;
  readonly settings: WebhookSettings;
  readonly clock: () => number;
  readonly resolve?: Resolver;
}

export interface WebhooksModule {
  /** Called for every stored human event before it is acknowledged. */
  /** Hears about stored human events of sites with webhooks. */
  readonly listener: StoredEventListener;
  readonly worker: DeliveryWorker;
  /** Deletes the delivery log entries carrying the owner's events (an erase for a privacy request); returns how many. */
  forgetEvents(siteId: number, owner: EventOwner): Promise<number>;
  /** The site's webhooks (alert rules name them as channels). */
  listForSite(siteId: number): Promise<Webhook[]>;
  /**
   * Queues deliveries written elsewhere (alert firings), in the caller's transaction `db`; call `kick` once it
   * is committed so they go out at once.
   */
  enqueue(db: Kysely<MetadataDatabase>, deliveries: ReadonlyArray<Pick<Delivery, 'id' | 'webhook_id' | 'site_id' | 'trigger' | 'payload' | 'created_at'>>): Promise<void>;
  kick(): void;
  /** The state of deliveries by id (the alert firing log shows them). */
  deliveryStates(ids: readonly string[]): ReturnType<DeliveryRepository['statesOf']>;
  /** Deliveries waiting for an attempt, in the shared metadata store (every process sees the same queue). */
  queueDepth(): Promise<{ pending: number; retrying: number }>;
  close(): Promise<void>;
}

export async function registerWebhooks(app: FastifyInstance, deps: WebhooksModuleDeps): Promise<WebhooksModule> {
  if (deps.settings.allowPrivateTargets) app.log.warn('WEBHOOK_ALLOW_PRIVATE_TARGETS is on: webhooks may target private and loopback addresses');
  if (deps.settings.retryDelaysMs.join() !== [60_000, 300_000, 1_800_000, 7_200_000, 21_600_000].join()) {
    app.log.warn({ retryDelaysMs: deps.settings.retryDelaysMs }, 'WEBHOOK_RETRY_DELAYS overrides the standard retry schedule');
  }
  const webhooks = new WebhookRepository(deps.db, new SecretBox(deps.instanceSecret));
  const deliveries = new DeliveryRepository(deps.db, deps.settings.claimMs);
  const goals = goalSourceOf(deps.goals);
  const policy = { allowPrivateTargets: deps.settings.allowPrivateTargets, resolve: deps.resolve ?? systemResolver };
  const worker = new DeliveryWorker({ webhooks, deliveries, settings: deps.settings, policy, clock: deps.clock, log: app.log });
  const triggers = new WebhookTriggers({ webhooks, deliveries, goals, clock: deps.clock, onCreated: () => worker.kick() });
  const service = new WebhookService({ plans: new OrganizationPlans(deps.db), webhooks, deliveries, goals, triggers, settings: deps.settings, policy, clock: deps.clock });
  await app.register(webhooksRoutes, { guards: deps.guards, service });
  worker.start();
  return {
    listener: { watchedSites: () => triggers.watchedSites(), onStored: (row) => triggers.onEventStored(row) },
    worker,
    listForSite: (siteId) => webhooks.list(siteId),
    enqueue: (db, rows) => new DeliveryRepository(db, deps.settings.claimMs).insert(rows),
    kick: () => worker.kick(),
    deliveryStates: (ids) => deliveries.statesOf(ids),
    forgetEvents: (siteId, owner) => deliveries.deleteMentioning(siteId, payloadMentions(owner)),
    queueDepth: () => deliveries.countWaiting(),
    close: () => worker.stop(),
  };
}
