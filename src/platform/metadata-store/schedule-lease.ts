// A named lease in the metadata store: the node holding it runs that schedule; others skip until it expires.
// Taking or renewing it is one conditional UPDATE, so two nodes never both hold it (SQLite and PostgreSQL alike).
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from './metadata-schema.js';

export class ScheduleLease {
  private readonly holder = `node_${randomBytes(8).toString('hex')}`;

  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly name: string,
    /** How long a holder that stops renewing (a crashed node) keeps it from the others. */
    private readonly ttlMs: number,
    private readonly clock: () => number,
  ) {}

  /** Takes the lease, or renews it when this node holds it; false while another node holds it. */
  async acquire(): Promise<boolean> {
    const now = this.clock();
    const until = new Date(now + this.ttlMs).toISOString();
    await this.db.insertInto('schedule_leases').values({ name: this.name, holder: this.holder, locked_until: until })
      .onConflict((conflict) => conflict.column('name').doNothing()).execute();
    const result = await this.db
      .updateTable('schedule_leases')
      .set({ holder: this.holder, locked_until: until })
      .where('name', '=', this.name)
      .where((eb) => eb.or([eb('holder', '=', this.holder), eb('locked_until', '<', new Date(now).toISOString())]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Gives the lease up (a clean stop), so another node takes over at its next pass. */
  async release(): Promise<void> {
    await this.db.deleteFrom('schedule_leases').where('name', '=', this.name).where('holder', '=', this.holder).execute();
  }
}
