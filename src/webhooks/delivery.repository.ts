// Deliveries and their schedule. Claims follow the metadata store's queue protocol (platform/metadata-store/
// claimed-rows.ts): several processes never take the same attempt, and releasing an attempt's request in full
// is recorded before its last byte, so a claim taken over after a crash never sends it a second time.
import { randomBytes } from 'node:crypto';
import { sql, type Kysely, type Selectable } from 'kysely';
import { ClaimedRows } from '../platform/metadata-store/claimed-rows.js';
import type { MetadataDatabase, WebhookDeliveriesTable } from '../platform/metadata-store/metadata-schema.js';
import type { Trigger } from './webhook-payload.js';

export type Delivery = Selectable<WebhookDeliveriesTable>;

export interface DeliveryLogEntry {
  readonly id: string;
  readonly status: Delivery['status'];
  readonly attempts: number;
  readonly response_code: number | null;
  readonly error: string | null;
  readonly trigger: Trigger;
  readonly created_at: string;
  readonly last_attempt_at: string | null;
  readonly next_attempt_at: string | null;
}

/** How long a claimed attempt may run before another process may take it over (after a crash), by default. */
export const DEFAULT_CLAIM_MS = 60_000;

/** The log's error of an attempt whose sender stopped after releasing the request in full. */
export const ANSWER_NOT_READ =
  'Sent in full, but the sending process stopped before the answer arrived; not sent again, so the endpoint never gets it twice';

export function newDeliveryId(): string {
  return `whd_${randomBytes(12).toString('hex')}`;
}

export class DeliveryRepository {
  private readonly claims: ClaimedRows<'webhook_deliveries'>;

  /** `claimMs`: how long a claim holds (the operator's WEBHOOK_CLAIM_SECONDS). */
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    claimMs = DEFAULT_CLAIM_MS,
  ) {
    this.claims = new ClaimedRows(db, 'webhook_deliveries', claimMs);
  }

  async insert(rows: ReadonlyArray<Pick<Delivery, 'id' | 'webhook_id' | 'site_id' | 'trigger' | 'payload' | 'created_at'>>): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('webhook_deliveries')
      .values(rows.map((row) => ({ ...row, status: 'pending' as const, attempts: 0, response_code: null, error: null, next_attempt_at: row.created_at, last_attempt_at: null, locked_until: null, released_attempt: null })))
      // Ids derive from the event, webhook and trigger: a delivery created again (a repeated segment) is skipped.
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  /** Deliveries still to be attempted, by status (`pending`: never tried; `retrying`: failed, another attempt scheduled). */
  async countWaiting(): Promise<{ pending: number; retrying: number }> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select((eb) => ['status', eb.fn.countAll<number | string>().as('n')])
      .where('status', 'in', ['pending', 'retrying'])
      .groupBy('status')
      .execute();
    const count = (status: string): number => Number(rows.find((row) => row.status === status)?.n ?? 0);
    return { pending: count('pending'), retrying: count('retrying') };
  }

  /** Deliveries whose next attempt is due and that nobody holds. */
  async due(nowIso: string, limit: number): Promise<Array<{ id: string; webhook_id: string }>> {
    const ids = await this.claims.due(nowIso, limit);
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom('webhook_deliveries').select(['id', 'webhook_id']).where('id', 'in', ids).execute();
    return ids.flatMap((id) => rows.filter((row) => row.id === id));
  }

  /**
   * Takes one attempt: bumps the attempt number and holds the row. Returns the delivery when this process
   * won it, undefined when another did (or it is no longer due).
   */
  claim(id: string, nowMs: number): Promise<Delivery | undefined> {
    return this.claims.claim(id, nowMs);
  }

  /**
   * Records that attempt `attempt` is about to be released in full (its last byte follows). True when it is
   * still this attempt's to send; false when another process took the claim over meanwhile (a sender stalled
   * past its claim), and then the request must not be completed.
   */
  release(id: string, attempt: number): Promise<boolean> {
    return this.claims.release(id, attempt);
  }

  /**
   * Closes attempts released in full whose sender stopped before recording the answer (its claim expired):
   * the endpoint has the request, so it is not sent again. Returns how many were closed.
   */
  settleReleased(nowIso: string): Promise<number> {
    return this.claims.settleReleased(nowIso, { status: 'succeeded', error: ANSWER_NOT_READ });
  }

  async finish(id: string, outcome: { status: Delivery['status']; responseCode: number | null; error: string | null; nextAttemptAt: string | null }): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: outcome.status, response_code: outcome.responseCode, error: outcome.error, next_attempt_at: outcome.nextAttemptAt, locked_until: null, released_attempt: null })
      .where('id', '=', id)
      .execute();
  }

  /** A disabled webhook's pending retries stop. */
  async failPending(webhookId: string, reason: string): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, error: reason, released_attempt: null })
      .where('webhook_id', '=', webhookId)
      .where('status', 'in', ['pending', 'retrying'])
      .execute();
  }

  /** The current state of these deliveries (those that exist). */
  async statesOf(ids: readonly string[]): Promise<Array<Pick<Delivery, 'id' | 'webhook_id' | 'status' | 'attempts' | 'error'>>> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('webhook_deliveries').select(['id', 'webhook_id', 'status', 'attempts', 'error']).where('id', 'in', ids).execute();
  }

  async log(webhookId: string, limit: number): Promise<DeliveryLogEntry[]> {
    const rows = await this.db.selectFrom('webhook_deliveries').selectAll().where('webhook_id', '=', webhookId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
    return rows.map((row) => ({
      id: row.id,
      status: row.status,
      attempts: row.attempts,
      response_code: row.response_code,
      error: row.error,
      trigger: JSON.parse(row.trigger) as Trigger,
      created_at: row.created_at,
      last_attempt_at: row.last_attempt_at,
      next_attempt_at: row.next_attempt_at,
    }));
  }

  /**
   * Deletes the site's deliveries whose payload holds one of `mentions` (exact text). LIKE narrows the rows
   * (it ignores case on SQLite), the exact comparison decides; returns how many were deleted.
   */
  async deleteMentioning(siteId: number, mentions: readonly string[]): Promise<number> {
    if (mentions.length === 0) return 0;
    const escaped = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    const candidates = await this.db
      .selectFrom('webhook_deliveries')
      .select(['id', 'payload'])
      .where('site_id', '=', siteId)
      .where((eb) => eb.or(mentions.map((mention) => sql<boolean>`payload like ${escaped(mention)} escape '\\'`)))
      .execute();
    const ids = candidates.filter((row) => mentions.some((mention) => row.payload.includes(mention))).map((row) => row.id);
    for (let at = 0; at < ids.length; at += 500) {
      await this.db.deleteFrom('webhook_deliveries').where('id', 'in', ids.slice(at, at + 500)).execute();
    }
    return ids.length;
  }

  /** The log is kept 30 days. */
  async purgeBefore(cutoffIso: string): Promise<number> {
    const result = await this.db.deleteFrom('webhook_deliveries').where('created_at', '<', cutoffIso).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
