// Sends due queued mail: claims each attempt, completes the message only once its release is stored, records
// the outcome and schedules retries with growing delays (then gives up). Any node may run it: claims keep
// two nodes off one mail. Without an SMTP server configured, queued mail waits (and says why).
import type { FastifyBaseLogger } from 'fastify';
import type { MailContent } from './mail-message.js';
import type { Mailer } from './mailer.js';
import type { MailOutbox, OutboxRow } from './mail-outbox.js';
import { MailWithheld } from './smtp-client.js';

export interface MailOutboxSenderDeps {
  readonly outbox: MailOutbox;
  readonly mailer: Mailer | undefined;
  /** Delays after failed attempts; when they run out the mail is marked failed. */
  readonly retryDelaysMs: readonly number[];
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

const BATCH = 20;
const NO_SMTP_DELAY_MS = 3_600_000;

export class MailOutboxSender {
  constructor(private readonly deps: MailOutboxSenderDeps) {}

  /** One pass over the due mails; returns how many were sent. */
  async pass(): Promise<number> {
    const { outbox, clock } = this.deps;
    const settled = await outbox.settleReleased(new Date(clock()).toISOString());
    if (settled > 0) this.deps.log.warn({ mails: settled }, 'mails handed over in full by a stopped process closed without sending again');
    let sent = 0;
    for (const id of await outbox.due(new Date(clock()).toISOString(), BATCH)) {
      if (await this.attempt(id)) sent += 1;
    }
    return sent;
  }

  private async attempt(id: string): Promise<boolean> {
    const { outbox, mailer, clock } = this.deps;
    const row = await outbox.claim(id, clock());
    if (!row) return false;
    if (!mailer) {
      await outbox.finish(id, { status: 'retrying', error: 'No SMTP server configured (SMTP_URL)', nextAttemptAt: new Date(clock() + NO_SMTP_DELAY_MS).toISOString() });
      return false;
    }
    try {
      await mailer.send({ ...(JSON.parse(row.message) as MailContent), to: row.recipient }, () => outbox.release(row.id, row.attempts));
      await outbox.finish(id, { status: 'sent', error: null, nextAttemptAt: null });
      return true;
    } catch (error) {
      if (error instanceof MailWithheld) {
        this.deps.log.warn({ mailId: id }, 'mail withheld: its claim was taken over');
        return false;
      }
      await this.recordFailure(row, error instanceof Error ? error.message : String(error));
      return false;
    }
  }

  private async recordFailure(row: OutboxRow, message: string): Promise<void> {
    const delay = this.deps.retryDelaysMs[row.attempts - 1];
    this.deps.log.warn({ mailId: row.id, attempts: row.attempts, error: message }, 'mail attempt failed');
    await this.deps.outbox.finish(row.id, {
      status: delay === undefined ? 'failed' : 'retrying',
      error: message.slice(0, 500),
      nextAttemptAt: delay === undefined ? null : new Date(this.deps.clock() + delay).toISOString(),
    });
  }
}
