// The claim protocol of a queue table in the metadata store (webhook deliveries, queued mail): picking due rows,
// claiming an attempt with one conditional UPDATE (a row lock that works on SQLite and PostgreSQL, so several
// processes never take the same attempt), marking it released just before the step that hands it over for good,
// and closing released attempts whose sender died without recording the answer (never attempted again).
import type { Kysely, Selectable } from 'kysely';
import type { MetadataDatabase } from './metadata-schema.js';

/** The columns every queue table has, under these names. */
interface QueueColumns {
  id: string;
  status: string;
  attempts: number;
  error: string | null;
  next_attempt_at: string | null;
  last_attempt_at: string | null;
  locked_until: string | null;
  released_attempt: number | null;
}

export type QueueTable = 'webhook_deliveries' | 'mail_outbox';

const WAITING = ['pending', 'retrying'];

/** The table under a neutral name: the statements below are the same for every queue table. */
function queue(db: Kysely<MetadataDatabase>): Kysely<{ queue: QueueColumns }> {
  return db as unknown as Kysely<{ queue: QueueColumns }>;
}

export class ClaimedRows<T extends QueueTable> {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly table: T,
    /** How long a claimed attempt may run before another process may take it over (after a crash). */
    private readonly claimMs: number,
  ) {}

  private get name(): 'queue' {
    return this.table as unknown as 'queue';
  }

  /** Ids of rows whose next attempt is due and that nobody holds, earliest first. */
  async due(nowIso: string, limit: number): Promise<string[]> {
    const rows = await queue(this.db)
      .selectFrom(this.name)
      .select('id')
      .where('status', 'in', WAITING)
      .where('released_attempt', 'is', null)
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute();
    return rows.map((row) => row.id);
  }

  /**
   * Takes one attempt (bumps the attempt number, holds the row); the row as claimed when this process won it, in
   * the same statement (RETURNING, on SQLite and PostgreSQL alike), undefined when another did.
   */
  async claim(id: string, nowMs: number): Promise<Selectable<MetadataDatabase[T]> | undefined> {
    const nowIso = new Date(nowMs).toISOString();
    const row = await queue(this.db)
      .updateTable(this.name)
      .set((eb) => ({ attempts: eb('attempts', '+', 1), locked_until: new Date(nowMs + this.claimMs).toISOString(), last_attempt_at: nowIso }))
      .where('id', '=', id)
      .where('status', 'in', WAITING)
      .where('released_attempt', 'is', null)
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', nowIso)]))
      .returningAll()
      .executeTakeFirst();
    // The statement ran on `this.table` under the neutral name: its row is that table's.
    return row as Selectable<MetadataDatabase[T]> | undefined;
  }

  /**
   * Records that attempt `attempt` is about to be handed over in full. True when it is still this attempt's to
   * complete; false when another process took the claim over meanwhile (then it must not be completed).
   */
  async release(id: string, attempt: number): Promise<boolean> {
    const result = await queue(this.db)
      .updateTable(this.name)
      .set({ released_attempt: attempt })
      .where('id', '=', id)
      .where('attempts', '=', attempt)
      .where('released_attempt', 'is', null)
      .where('status', 'in', WAITING)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /**
   * Closes attempts released in full whose sender stopped before recording the answer (its claim expired) as
   * `status` with `error`: the other side has it, so it is not attempted again. Returns how many were closed.
   */
  async settleReleased(nowIso: string, outcome: { status: string; error: string }): Promise<number> {
    const result = await queue(this.db)
      .updateTable(this.name)
      .set({ status: outcome.status, error: outcome.error, next_attempt_at: null, locked_until: null, released_attempt: null })
      .where('status', 'in', WAITING)
      .where('released_attempt', 'is not', null)
      .where('locked_until', '<', nowIso)
      .executeTakeFirst();
    return Number(result.numUpdatedRows);
  }
}
