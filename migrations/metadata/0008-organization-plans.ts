// The plan of each organization, in a table only the operator writes (`loupe plan set`); better-auth's
// organization routes cannot reach it. Existing `organization.metadata.plan` values are NOT copied: any
// owner could write them through the organization routes, so none of them is trusted as a plan.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organization_plans')
    .addColumn('organization_id', 'text', (c) => c.primaryKey().references('organization.id').onDelete('cascade'))
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('free', 'paid')`))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}
