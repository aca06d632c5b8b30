// Alert rules in the metadata store: the definition as JSON, the state an evaluation moves between ok and firing.
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { AlertRulesTable, MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { Filter } from '../stats/filters.schema.js';
import type { AlertDefinitionInput } from './alert-rule.schema.js';

/** A stored definition: every optional field resolved. */
export interface AlertDefinition extends Omit<AlertDefinitionInput, 'filters' | 'emails' | 'webhookIds' | 'webhookFormat'> {
  readonly filters: Filter[];
  readonly emails: string[];
  readonly webhookIds: string[];
  readonly webhookFormat: 'json' | 'slack';
}

export interface AlertRule {
  readonly id: string;
  readonly site_id: number;
  readonly name: string;
  readonly enabled: boolean;
  readonly state: 'ok' | 'firing';
  readonly definition: AlertDefinition;
  readonly last_value: number | null;
  readonly last_baseline: number | null;
  readonly last_evaluated_at: string | null;
  readonly last_error: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

function toRule(row: Selectable<AlertRulesTable>): AlertRule {
  return {
    id: row.id,
    site_id: Number(row.site_id),
    name: row.name,
    enabled: Number(row.enabled) === 1,
    state: row.state,
    definition: JSON.parse(row.definition) as AlertDefinition,
    last_value: row.last_value === null ? null : Number(row.last_value),
    last_baseline: row.last_baseline === null ? null : Number(row.last_baseline),
    last_evaluated_at: row.last_evaluated_at,
    last_error: row.last_error,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

export class AlertRuleRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async list(siteId: number): Promise<AlertRule[]> {
    const rows = await this.db.selectFrom('alert_rules').selectAll().where('site_id', '=', siteId).orderBy('created_at').orderBy('id').execute();
    return rows.map(toRule);
  }

  /** Every enabled rule of every site (the evaluator's work). */
  async listEnabled(): Promise<AlertRule[]> {
    const rows = await this.db.selectFrom('alert_rules').selectAll().where('enabled', '=', 1).orderBy('id').execute();
    return rows.map(toRule);
  }

  async get(siteId: number, id: string): Promise<AlertRule | undefined> {
    const row = await this.db.selectFrom('alert_rules').selectAll().where('site_id', '=', siteId).where('id', '=', id).executeTakeFirst();
    return row ? toRule(row) : undefined;
  }

  async count(siteId: number): Promise<number> {
    const row = await this.db.selectFrom('alert_rules').select((eb) => eb.fn.countAll<number | string>().as('n')).where('site_id', '=', siteId).executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async create(siteId: number, input: { name: string; enabled: boolean; definition: AlertDefinition }, createdBy: string | null, nowIso: string): Promise<AlertRule> {
    const row = await this.db
      .insertInto('alert_rules')
      .values({
        id: `alr_${randomBytes(12).toString('hex')}`, site_id: siteId, name: input.name, definition: JSON.stringify(input.definition),
        enabled: input.enabled ? 1 : 0, state: 'ok', last_value: null, last_baseline: null, last_evaluated_at: null, last_error: null,
        created_by: createdBy, created_at: nowIso, updated_at: nowIso,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRule(row);
  }

  /**
   * A changed definition starts over in the ok state: a rule that fired under other terms neither stays firing
   * nor sends a "resolved" nobody can relate to. Pausing and resuming keep the state: a rule resumed while its
   * condition still holds does not fire again.
   */
  async update(rule: AlertRule, patch: { name: string; enabled: boolean; definition: AlertDefinition }, nowIso: string): Promise<AlertRule> {
    const redefined = JSON.stringify(patch.definition) !== JSON.stringify(rule.definition);
    const row = await this.db
      .updateTable('alert_rules')
      .set({
        name: patch.name, enabled: patch.enabled ? 1 : 0, definition: JSON.stringify(patch.definition), updated_at: nowIso,
        ...(redefined ? { state: 'ok' as const, last_value: null, last_baseline: null, last_evaluated_at: null, last_error: null } : {}),
      })
      .where('id', '=', rule.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toRule(row);
  }

  async delete(id: string): Promise<void> {
    await this.db.deleteFrom('alert_rules').where('id', '=', id).execute();
  }

  async recordEvaluation(id: string, outcome: { value: number | null; baseline: number | null; error: string | null }, nowIso: string): Promise<void> {
    await this.db
      .updateTable('alert_rules')
      .set({ last_value: outcome.value, last_baseline: outcome.baseline, last_error: outcome.error, last_evaluated_at: nowIso })
      .where('id', '=', id)
      .execute();
  }

  /**
   * Moves the rule from `from` to `to` unless its definition changed since it was read (`updatedAt`); true
   * only for the one evaluation that made the move (in the caller's transaction).
   */
  static async transition(db: Kysely<MetadataDatabase>, rule: AlertRule, to: AlertRule['state']): Promise<boolean> {
    const result = await db
      .updateTable('alert_rules')
      .set({ state: to })
      .where('id', '=', rule.id)
      .where('state', '=', rule.state)
      .where('updated_at', '=', rule.updated_at)
      .where('enabled', '=', 1)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
