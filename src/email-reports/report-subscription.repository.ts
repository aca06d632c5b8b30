// Report subscriptions: one row per member and site, with the weekly and monthly flags and the time zone.
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { ReportKind } from './report-period.js';

export interface ReportSubscription {
  readonly userId: string;
  readonly siteId: number;
  readonly weekly: boolean;
  readonly monthly: boolean;
  readonly timeZone: string;
  readonly createdAt: string;
}

/** A subscription with its recipient's address, as the scheduler reads it. */
export interface Subscriber extends ReportSubscription {
  readonly email: string;
}

export class ReportSubscriptionRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async get(userId: string, siteId: number): Promise<ReportSubscription | undefined> {
    const row = await this.db.selectFrom('report_subscriptions').selectAll().where('user_id', '=', userId).where('site_id', '=', siteId).executeTakeFirst();
    return row ? { userId: row.user_id, siteId: Number(row.site_id), weekly: Number(row.weekly) === 1, monthly: Number(row.monthly) === 1, timeZone: row.time_zone, createdAt: row.created_at } : undefined;
  }

  /** Saves the flags; reports are due for periods that end after the subscription was first saved. */
  async save(userId: string, siteId: number, settings: { weekly: boolean; monthly: boolean; timeZone: string }, nowIso: string): Promise<void> {
    const values = { weekly: settings.weekly ? 1 : 0, monthly: settings.monthly ? 1 : 0, time_zone: settings.timeZone, updated_at: nowIso };
    await this.db
      .insertInto('report_subscriptions')
      .values({ user_id: userId, site_id: siteId, ...values, created_at: nowIso })
      .onConflict((conflict) => conflict.columns(['user_id', 'site_id']).doUpdateSet(values))
      .execute();
  }

  /** Turns one kind off (the unsubscribe link). */
  async unsubscribe(userId: string, siteId: number, kind: ReportKind): Promise<void> {
    await this.db.updateTable('report_subscriptions').set(kind === 'weekly' ? { weekly: 0 } : { monthly: 0 }).where('user_id', '=', userId).where('site_id', '=', siteId).execute();
  }

  /** Every subscription with a kind on, with the member's address. */
  async subscribers(): Promise<Subscriber[]> {
    const rows = await this.db
      .selectFrom('report_subscriptions')
      .innerJoin('user', 'user.id', 'report_subscriptions.user_id')
      .selectAll('report_subscriptions')
      .select('user.email as email')
      .where((eb) => eb.or([eb('weekly', '=', 1), eb('monthly', '=', 1)]))
      .orderBy('report_subscriptions.site_id')
      .execute();
    return rows.map((row) => ({
      userId: row.user_id, siteId: Number(row.site_id), weekly: Number(row.weekly) === 1, monthly: Number(row.monthly) === 1,
      timeZone: row.time_zone, createdAt: row.created_at, email: row.email,
    }));
  }
}
