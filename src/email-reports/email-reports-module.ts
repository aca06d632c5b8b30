// Builds the scheduled report side: subscription routes, the unsubscribe link, and the schedule that queues due
// report mails, run by one node at a time (a lease in the metadata store) every REPORT_CHECK_INTERVAL.
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { Guards } from '../platform/http/guards.js';
import type { MailOutbox } from '../platform/mail/mail-outbox.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { LeasedSchedule } from '../platform/leased-schedule.js';
import type { GoalRepository } from '../goals/index.js';
import type { SiteRepository } from '../sites/index.js';
import { emailReportsRoutes } from './email-reports.routes.js';
import { ReportScheduler } from './report-scheduler.js';
import { ReportSubscriptionService } from './report-subscription-service.js';
import { ReportSubscriptionRepository } from './report-subscription.repository.js';

export interface EmailReportsModuleDeps {
  /** The goal definitions (the goals feature's repository). */
  readonly goals: GoalRepository;
  readonly db: Kysely<MetadataDatabase>;
  readonly guards: Guards;
  readonly access: AccessControl;
  readonly analytics: AnalyticsStore;
  readonly sites: SiteRepository;
  readonly outbox: MailOutbox;
  readonly instanceSecret: string;
  readonly baseUrl: string;
  readonly intervalMs: number;
  readonly clock: () => number;
  readonly onMailQueued: () => void;
}

export interface EmailReportsModule {
  /** Runs a scheduling pass now (when this node holds the lease) and waits for it. */
  queueNow(): Promise<void>;
  close(): Promise<void>;
}

export async function registerEmailReports(app: FastifyInstance, deps: EmailReportsModuleDeps): Promise<EmailReportsModule> {
  const subscriptions = new ReportSubscriptionRepository(deps.db);
  const service = new ReportSubscriptionService({ db: deps.db, subscriptions, outbox: deps.outbox, instanceSecret: deps.instanceSecret, clock: deps.clock });
  await app.register(emailReportsRoutes, { guards: deps.guards, service });
  const scheduler = new ReportScheduler({
    subscriptions, sites: deps.sites, goals: deps.goals, access: deps.access, analytics: deps.analytics, outbox: deps.outbox,
    instanceSecret: deps.instanceSecret, baseUrl: deps.baseUrl, clock: deps.clock, log: app.log,
  });
  const schedule = new LeasedSchedule({ db: deps.db, name: 'report scheduling', intervalMs: deps.intervalMs, clock: deps.clock, log: app.log, pass: async () => {
    if ((await scheduler.queueDue()) > 0) deps.onMailQueued();
  } });
  schedule.start();
  return { queueNow: () => schedule.runNow(), close: () => schedule.close() };
}
