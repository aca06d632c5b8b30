// A member's own report subscription of a site (session or user key only: an organization key is nobody's
// mailbox), and the one-click unsubscribe behind a signed token.
import { BadRequestError } from '../platform/http/app-errors.js';
import type { SiteRef } from '../platform/http/access-control.js';
import type { Principal } from '../platform/http/principal.js';
import type { MailOutbox } from '../platform/mail/mail-outbox.js';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { ReportSubscriptionRepository } from './report-subscription.repository.js';
import type { SubscriptionBody } from './report-subscription.schema.js';
import { readUnsubscribeToken } from './unsubscribe-token.js';

const RECENT_DELIVERIES = 20;

export interface ReportSubscriptionServiceDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly subscriptions: ReportSubscriptionRepository;
  readonly outbox: MailOutbox;
  readonly instanceSecret: string;
  readonly clock: () => number;
}

export class ReportSubscriptionService {
  constructor(private readonly deps: ReportSubscriptionServiceDeps) {}

  async get(principal: Principal, site: SiteRef) {
    const userId = this.userOf(principal);
    const user = await this.deps.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirstOrThrow();
    const saved = await this.deps.subscriptions.get(userId, site.siteId);
    const recent = await this.deps.outbox.recent(site.siteId, 'report', RECENT_DELIVERIES * 5);
    return {
      weekly: saved?.weekly ?? false,
      monthly: saved?.monthly ?? false,
      time_zone: saved?.timeZone ?? 'UTC',
      email: user.email,
      deliveries: recent.filter((mail) => mail.recipient === user.email).slice(0, RECENT_DELIVERIES),
    };
  }

  async save(principal: Principal, site: SiteRef, body: SubscriptionBody) {
    const userId = this.userOf(principal);
    const saved = await this.deps.subscriptions.get(userId, site.siteId);
    const timeZone = body.timeZone ?? saved?.timeZone ?? 'UTC';
    await this.deps.subscriptions.save(userId, site.siteId, { weekly: body.weekly, monthly: body.monthly, timeZone }, new Date(this.deps.clock()).toISOString());
    return this.get(principal, site);
  }

  /** Turns the token's report off; false for a token that is not ours (nothing changes). */
  async unsubscribe(token: string): Promise<boolean> {
    const claim = readUnsubscribeToken(this.deps.instanceSecret, token);
    if (!claim) return false;
    await this.deps.subscriptions.unsubscribe(claim.userId, claim.siteId, claim.kind);
    return true;
  }

  private userOf(principal: Principal): string {
    if (principal.kind === 'organizationKey') throw new BadRequestError('Report subscriptions belong to a person: sign in, or use a user API key');
    return principal.userId;
  }
}
