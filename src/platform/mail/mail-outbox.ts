// Queued outgoing mail in the metadata store (alerts, scheduled reports). A row's id says what it is for (a
// firing and recipient, a report period and recipient), so queuing it again adds nothing. Claims follow the
// queue protocol of claimed-rows.ts; an attempt is marked released just before the message's final dot, so a
// claim taken over after a crash never sends it twice (the server discards a message without its dot).
import type { Kysely, Selectable } from 'kysely';
import { ClaimedRows } from '../metadata-store/claimed-rows.js';
import type { MailOutboxTable, MetadataDatabase } from '../metadata-store/metadata-schema.js';
import type { MailContent } from './mail-message.js';

export type OutboxRow = Selectable<MailOutboxTable>;

export interface QueuedMail {
  readonly id: string;
  readonly kind: OutboxRow['kind'];
  readonly siteId: number;
  readonly reference: string;
  readonly recipient: string;
  readonly content: MailContent;
}

/** A mail's delivery state as the dashboard and the API show it. */
export interface MailStatus {
  readonly id: string;
  readonly reference: string;
  readonly recipient: string;
  readonly status: OutboxRow['status'];
  readonly attempts: number;
  readonly error: string | null;
  readonly next_attempt_at: string | null;
  readonly last_attempt_at: string | null;
  readonly created_at: string;
}

export const MAIL_SENT_UNCONFIRMED = 'Handed over in full, but the sending process stopped before the server answered; not sent again';

export class MailOutbox {
  private readonly claims: ClaimedRows<'mail_outbox'>;

  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    claimMs: number,
  ) {
    this.claims = new ClaimedRows(db, 'mail_outbox', claimMs);
  }

  /** Queues mails (in the caller's transaction when given one); ids already queued are skipped. */
  async enqueue(mails: readonly QueuedMail[], nowIso: string, db: Kysely<MetadataDatabase> = this.db): Promise<void> {
    if (mails.length === 0) return;
    await db
      .insertInto('mail_outbox')
      .values(mails.map((mail) => ({
        id: mail.id, kind: mail.kind, site_id: mail.siteId, reference: mail.reference, recipient: mail.recipient,
        message: JSON.stringify(mail.content), status: 'pending' as const, attempts: 0, error: null,
        next_attempt_at: nowIso, last_attempt_at: null, locked_until: null, released_attempt: null, created_at: nowIso,
      })))
      .onConflict((conflict) => conflict.column('id').doNothing())
      .execute();
  }

  due(nowIso: string, limit: number): Promise<string[]> {
    return this.claims.due(nowIso, limit);
  }

  /** Takes one attempt; the row when this process won it, undefined when another did or it is no longer due. */
  claim(id: string, nowMs: number): Promise<OutboxRow | undefined> {
    return this.claims.claim(id, nowMs);
  }

  /** Records that `attempt` is about to complete the message; false when another process took it over meanwhile. */
  release(id: string, attempt: number): Promise<boolean> {
    return this.claims.release(id, attempt);
  }

  /** Closes attempts released in full whose sender stopped before the answer (claim expired): never sent again. */
  settleReleased(nowIso: string): Promise<number> {
    return this.claims.settleReleased(nowIso, { status: 'sent', error: MAIL_SENT_UNCONFIRMED });
  }

  async finish(id: string, outcome: { status: OutboxRow['status']; error: string | null; nextAttemptAt: string | null }): Promise<void> {
    await this.db
      .updateTable('mail_outbox')
      .set({ status: outcome.status, error: outcome.error, next_attempt_at: outcome.nextAttemptAt, locked_until: null, released_attempt: null })
      .where('id', '=', id)
      .execute();
  }

  /** Which of these ids are queued already (in any state). */
  async existing(ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.selectFrom('mail_outbox').select('id').where('id', 'in', ids).execute();
    return new Set(rows.map((row) => row.id));
  }

  /** The site's mails about these references (firings, report periods), oldest first. */
  async statusOf(siteId: number, references: readonly string[]): Promise<MailStatus[]> {
    if (references.length === 0) return [];
    return this.db
      .selectFrom('mail_outbox')
      .select(['id', 'reference', 'recipient', 'status', 'attempts', 'error', 'next_attempt_at', 'last_attempt_at', 'created_at'])
      .where('site_id', '=', siteId)
      .where('reference', 'in', references)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  }

  /** The site's latest mails of one kind, newest first. */
  async recent(siteId: number, kind: OutboxRow['kind'], limit: number): Promise<MailStatus[]> {
    return this.db
      .selectFrom('mail_outbox')
      .select(['id', 'reference', 'recipient', 'status', 'attempts', 'error', 'next_attempt_at', 'last_attempt_at', 'created_at'])
      .where('site_id', '=', siteId)
      .where('kind', '=', kind)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(limit)
      .execute();
  }
}
