// Queues due report mails: for every subscription, the last complete week / month in its time zone, once per
// recipient and period (the mail's id derives from them, so a second pass, node or restart adds nothing), to
// members who still see the site. Each site's figures are read once per period and zone in a pass.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { MailOutbox } from '../platform/mail/mail-outbox.js';
import type { GoalRepository } from '../goals/index.js';
import { toSiteRef, type SiteRepository } from '../sites/index.js';
import { barChartPng } from './bar-chart.js';
import { reportFigures, type ReportFigures } from './report-figures.js';
import { reportMail } from './report-mail.js';
import { lastCompletePeriod, type ReportKind, type ReportPeriod } from './report-period.js';
import type { ReportSubscriptionRepository, Subscriber } from './report-subscription.repository.js';
import { unsubscribeToken } from './unsubscribe-token.js';

export interface ReportSchedulerDeps {
  readonly subscriptions: ReportSubscriptionRepository;
  readonly sites: SiteRepository;
  readonly goals: GoalRepository;
  readonly access: AccessControl;
  readonly analytics: AnalyticsStore;
  readonly outbox: MailOutbox;
  readonly instanceSecret: string;
  readonly baseUrl: string;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export function reportMailId(userId: string, siteId: number, period: ReportPeriod): string {
  return `mail_${createHash('sha256').update(`report|${userId}|${siteId}|${period.kind}|${period.startDate}`).digest('hex').slice(0, 24)}`;
}

export function periodDashboardUrl(baseUrl: string, siteId: number, period: ReportPeriod): string {
  return `${baseUrl}/sites/${siteId}?period=custom&from=${period.startDate}&to=${period.endDate}`;
}

export class ReportScheduler {
  constructor(private readonly deps: ReportSchedulerDeps) {}

  /** Queues every report due now that is not queued yet; returns how many. */
  async queueDue(): Promise<number> {
    const now = this.deps.clock();
    const figures = new Map<string, Promise<ReportFigures>>();
    let queued = 0;
    for (const subscriber of await this.deps.subscriptions.subscribers()) {
      for (const kind of ['weekly', 'monthly'] as const) {
        if (!subscriber[kind]) continue;
        try {
          if (await this.queueOne(subscriber, kind, now, figures)) queued += 1;
        } catch (error) {
          this.deps.log.error({ err: error, siteId: subscriber.siteId, kind }, 'report mail could not be prepared');
        }
      }
    }
    return queued;
  }

  private async queueOne(subscriber: Subscriber, kind: ReportKind, now: number, figures: Map<string, Promise<ReportFigures>>): Promise<boolean> {
    const period = lastCompletePeriod(kind, now, subscriber.timeZone);
    if (Date.parse(subscriber.createdAt) >= period.endsAt) return false;
    const id = reportMailId(subscriber.userId, subscriber.siteId, period);
    if ((await this.deps.outbox.existing([id])).size > 0) return false;
    const site = await this.deps.sites.get(subscriber.siteId);
    if (!site) return false;
    const principal = { kind: 'session' as const, userId: subscriber.userId };
    const role = await this.deps.access.organizationRole(principal, site.organizationId);
    if (!role || !(await this.deps.access.memberSeesSite(principal, role, toSiteRef(site)))) return false;
    const key = `${site.siteId}|${kind}|${period.startDate}|${subscriber.timeZone}`;
    if (!figures.has(key)) {
      figures.set(key, this.deps.goals.list(site.siteId).then((goals) =>
        reportFigures(this.deps.analytics, { siteId: site.siteId, period, timeZone: subscriber.timeZone, goals, now: new Date(now) })));
    }
    const read = await (figures.get(key) as Promise<ReportFigures>);
    const token = unsubscribeToken(this.deps.instanceSecret, { userId: subscriber.userId, siteId: site.siteId, kind });
    const content = reportMail({
      figures: read,
      siteName: site.name || site.domain,
      dashboardUrl: periodDashboardUrl(this.deps.baseUrl, site.siteId, period),
      unsubscribeUrl: `${this.deps.baseUrl}/api/email-reports/unsubscribe?token=${token}`,
      chartPng: barChartPng(read.daily.map((day) => day.visitors)),
    });
    await this.deps.outbox.enqueue([{ id, kind: 'report', siteId: site.siteId, reference: `${kind}:${period.startDate}`, recipient: subscriber.email, content }], new Date(now).toISOString());
    return true;
  }
}
