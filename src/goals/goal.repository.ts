// Goals in the metadata store: the goals report, funnels' pages and webhooks read their definitions here.
import { sql, type Kysely, type Selectable } from 'kysely';
import type { GoalsTable, MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { GOAL_TYPES, type GoalConfig, type GoalType } from './goal-matching/goal-definition.js';
import type { GoalInput } from './goal.schema.js';

export interface Goal {
  readonly goalId: number;
  readonly siteId: number;
  readonly name: string | null;
  readonly goalType: GoalType;
  readonly config: GoalConfig;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The goals report's sort keys, as Rybbit names them. */
export const GOAL_SORTS = ['goalId', 'name', 'goalType', 'createdAt'] as const;
export type GoalSort = (typeof GOAL_SORTS)[number];

/** How a page of goals is ordered; ties (same name or type) go by goal id in the same direction. */
export interface GoalOrder {
  readonly sort: GoalSort;
  readonly order: 'asc' | 'desc';
}

/** Oldest first. */
export const DEFAULT_GOAL_ORDER: GoalOrder = { sort: 'goalId', order: 'asc' };

/**
 * The column of each sort key. Names compare lowercased, a missing name as an empty one, so SQLite and
 * PostgreSQL order alike (their default collations and null placement differ).
 */
const SORT_COLUMNS = {
  goalId: sql`goal_id`,
  name: sql`lower(coalesce(name, ''))`,
  goalType: sql`goal_type`,
  createdAt: sql`created_at`,
} as const;

export interface GoalPage {
  readonly goals: Goal[];
  readonly total: number;
}

function goalTypeOf(value: string): GoalType {
  const type = GOAL_TYPES.find((candidate) => candidate === value);
  if (!type) throw new Error(`stored goal has an unknown type ${value}`);
  return type;
}

function toGoal(row: Selectable<GoalsTable>): Goal {
  return {
    goalId: row.goal_id,
    siteId: row.site_id,
    name: row.name,
    goalType: goalTypeOf(row.goal_type),
    config: JSON.parse(row.config) as GoalConfig,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class GoalRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  async get(siteId: number, goalId: number): Promise<Goal | undefined> {
    const row = await this.db.selectFrom('goals').selectAll().where('site_id', '=', siteId).where('goal_id', '=', goalId).executeTakeFirst();
    return row ? toGoal(row) : undefined;
  }

  /** Every goal of the site, oldest first. */
  async list(siteId: number): Promise<Goal[]> {
    const rows = await this.db.selectFrom('goals').selectAll().where('site_id', '=', siteId).orderBy('goal_id').execute();
    return rows.map(toGoal);
  }

  /** One page of the site's goals in the given order (default oldest first), and how many there are in all. */
  async page(siteId: number, page: number, pageSize: number, order: GoalOrder = DEFAULT_GOAL_ORDER): Promise<GoalPage> {
    const counted = await this.db.selectFrom('goals').select((eb) => eb.fn.countAll<number | string>().as('total')).where('site_id', '=', siteId).executeTakeFirst();
    const rows = await this.db
      .selectFrom('goals')
      .selectAll()
      .where('site_id', '=', siteId)
      .orderBy(SORT_COLUMNS[order.sort], order.order)
      .orderBy('goal_id', order.order)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute();
    return { goals: rows.map(toGoal), total: Number(counted?.total ?? 0) };
  }

  async create(siteId: number, input: GoalInput, createdBy: string | null, now: Date): Promise<Goal> {
    const at = now.toISOString();
    const row = await this.db
      .insertInto('goals')
      .values({ site_id: siteId, name: input.name, goal_type: input.goalType, config: JSON.stringify(input.config), created_by: createdBy, created_at: at, updated_at: at })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toGoal(row);
  }

  /** Replaces the goal's name, type and config; undefined when the site has no such goal. */
  async update(siteId: number, goalId: number, input: GoalInput, now: Date): Promise<Goal | undefined> {
    const row = await this.db
      .updateTable('goals')
      .set({ name: input.name, goal_type: input.goalType, config: JSON.stringify(input.config), updated_at: now.toISOString() })
      .where('site_id', '=', siteId)
      .where('goal_id', '=', goalId)
      .returningAll()
      .executeTakeFirst();
    return row ? toGoal(row) : undefined;
  }

  /** False when the site has no such goal. */
  async delete(siteId: number, goalId: number): Promise<boolean> {
    const result = await this.db.deleteFrom('goals').where('site_id', '=', siteId).where('goal_id', '=', goalId).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }
}
