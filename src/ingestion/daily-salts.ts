// The daily-rotating secret salt: one random value per UTC day, shared by all servers through the metadata
// store; today's and yesterday's are kept, older ones deleted.
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';

export class DailySalts {
  private readonly cache = new Map<string, string>();

  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async saltFor(nowMs: number): Promise<string> {
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const cached = this.cache.get(day);
    if (cached) return cached;
    await this.db
      .insertInto('daily_salts')
      .values({ day, salt: randomBytes(32).toString('hex'), created_at: new Date(nowMs).toISOString() })
      .onConflict((conflict) => conflict.column('day').doNothing())
      .execute();
    const row = await this.db.selectFrom('daily_salts').select('salt').where('day', '=', day).executeTakeFirstOrThrow();
    const yesterday = new Date(nowMs - 86_400_000).toISOString().slice(0, 10);
    await this.db.deleteFrom('daily_salts').where('day', '<', yesterday).execute();
    this.cache.clear();
    this.cache.set(day, row.salt);
    return row.salt;
  }
}
