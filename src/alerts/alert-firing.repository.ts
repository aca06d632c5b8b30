// The firing log: one row each time a rule starts to hold ("fired") or stops ("resolved").
import type { Kysely, Selectable } from 'kysely';
import type { AlertFiringsTable, MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';

export type AlertFiring = Selectable<AlertFiringsTable>;

export class AlertFiringRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  static async insert(db: Kysely<MetadataDatabase>, firing: AlertFiring): Promise<void> {
    await db.insertInto('alert_firings').values(firing).execute();
  }

  /** The site's firings (of one rule when given), newest first, with the rule's name. */
  async list(siteId: number, ruleId: string | undefined, limit: number): Promise<Array<AlertFiring & { rule_name: string }>> {
    let query = this.db
      .selectFrom('alert_firings')
      .innerJoin('alert_rules', 'alert_rules.id', 'alert_firings.rule_id')
      .selectAll('alert_firings')
      .select('alert_rules.name as rule_name')
      .where('alert_firings.site_id', '=', siteId);
    if (ruleId !== undefined) query = query.where('alert_firings.rule_id', '=', ruleId);
    const rows = await query.orderBy('alert_firings.created_at', 'desc').orderBy('alert_firings.id', 'desc').limit(limit).execute();
    return rows.map((row) => ({ ...row, site_id: Number(row.site_id), value: Number(row.value), baseline: row.baseline === null ? null : Number(row.baseline) }));
  }
}
