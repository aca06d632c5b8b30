// Builds the alert side: rule management routes, and the scheduled evaluation, run by one node at a time (a
// lease in the metadata store) every ALERT_CHECK_INTERVAL.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Guards } from '../platform/http/guards.js';
import type { MailOutbox } from '../platform/mail/mail-outbox.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { LeasedSchedule } from '../platform/leased-schedule.js';
import type { GoalRepository } from '../goals/index.js';
import type { SegmentRepository } from '../segments/index.js';
import type { SiteRepository } from '../sites/index.js';
import type { WebhooksModule } from '../webhooks/index.js';
import { AlertEvaluator } from './alert-evaluator.js';
import { AlertFiringRepository } from './alert-firing.repository.js';
import { AlertRuleRepository } from './alert-rule.repository.js';
import { AlertService } from './alert-service.js';
import { alertsRoutes } from './alerts.routes.js';

export interface AlertsModuleDeps {
  /** The goal definitions (the goals feature's repository). */
  readonly goals: GoalRepository;
  readonly db: Kysely<MetadataDatabase>;
  readonly guards: Guards;
  readonly analytics: AnalyticsStore;
  readonly sites: SiteRepository;
  readonly segments: SegmentRepository;
  readonly outbox: MailOutbox;
  readonly webhooks: WebhooksModule;
  readonly baseUrl: string;
  /** How often the rules are evaluated (ALERT_CHECK_INTERVAL). */
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly onMailQueued: () => void;
}

export interface AlertsModule {
  /** Runs an evaluation pass now (when this node holds the lease) and waits for it. */
  evaluateNow(): Promise<void>;
  close(): Promise<void>;
}

export async function registerAlerts(app: FastifyInstance, deps: AlertsModuleDeps): Promise<AlertsModule> {
  const rules = new AlertRuleRepository(deps.db);
  const { goals } = deps;
  const service = new AlertService({ rules, firings: new AlertFiringRepository(deps.db), goals, segments: deps.segments, outbox: deps.outbox, webhooks: deps.webhooks, clock: deps.clock });
  await app.register(alertsRoutes, { guards: deps.guards, service });
  const evaluator = new AlertEvaluator({
    db: deps.db, rules, analytics: deps.analytics, sites: deps.sites, goals, segments: deps.segments, outbox: deps.outbox, webhooks: deps.webhooks,
    baseUrl: deps.baseUrl, clock: deps.clock, log: app.log, onMailQueued: deps.onMailQueued,
  });
  const schedule = new LeasedSchedule({ db: deps.db, name: 'alert evaluation', intervalMs: deps.intervalMs, clock: deps.clock, log: app.log, pass: async () => {
    await evaluator.evaluateAll();
  } });
  schedule.start();
  return { evaluateNow: () => schedule.runNow(), close: () => schedule.close() };
}
