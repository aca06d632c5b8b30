// Site restrictions that outlive their sites: a team marked restricted stays restricted when its last site is
// deleted (it then opens nothing instead of everything), and a member can be restricted to chosen sites directly.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('team_restrictions')
    .addColumn('team_id', 'text', (c) => c.primaryKey().references('team.id').onDelete('cascade'))
    .execute();
  // Teams restricted before this migration are those with sites.
  await sql`insert into team_restrictions (team_id) select distinct team_id from team_sites`.execute(db);
  await db.schema
    .createTable('member_site_restrictions')
    .addColumn('member_id', 'text', (c) => c.primaryKey().references('member.id').onDelete('cascade'))
    .execute();
  await db.schema
    .createTable('member_sites')
    .addColumn('member_id', 'text', (c) => c.notNull().references('member.id').onDelete('cascade'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('sites.site_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('member_sites_pk', ['member_id', 'site_id'])
    .execute();
  await db.schema.createIndex('member_sites_site_id_idx').on('member_sites').column('site_id').execute();
}
