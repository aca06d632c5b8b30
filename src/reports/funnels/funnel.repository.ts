// Saved funnels in the metadata store: a name and an ordered list of steps per site.
import type { Kysely, Selectable } from 'kysely';
import type { FunnelsTable, MetadataDatabase } from '../../platform/metadata-store/metadata-schema.js';
import type { FunnelStep } from './funnel-step.schema.js';

export interface SavedFunnel {
  readonly funnelId: number;
  readonly name: string;
  readonly steps: FunnelStep[];
  readonly createdAt: string;
}

function toFunnel(row: Selectable<FunnelsTable>): SavedFunnel {
  return { funnelId: row.funnel_id, name: row.name, steps: JSON.parse(row.steps) as FunnelStep[], createdAt: row.created_at };
}

export class FunnelRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** The site's funnels, oldest first. */
  async list(siteId: number): Promise<SavedFunnel[]> {
    const rows = await this.db.selectFrom('funnels').selectAll().where('site_id', '=', siteId).orderBy('funnel_id').execute();
    return rows.map(toFunnel);
  }

  async create(siteId: number, name: string, steps: readonly FunnelStep[], createdBy: string | null, now: Date): Promise<SavedFunnel> {
    const at = now.toISOString();
    const row = await this.db
      .insertInto('funnels')
      .values({ site_id: siteId, name, steps: JSON.stringify(steps), created_by: createdBy, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toFunnel(row);
  }

  /** False when the site has no such funnel. */
  async delete(siteId: number, funnelId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('funnels').where('site_id', '=', siteId).where('funnel_id', '=', funnelId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
