// Migration 0010 marks every team that had sites as restricted, so an upgrade keeps each restriction in force
// when the team's last site is deleted later.
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { projectPath } from '../../src/platform/project-path.js';
import { allowedSiteIds } from '../../src/platform/http/site-restrictions.js';
import { createMetadataDb, type MetadataDb } from '../../src/platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb } from '../../src/platform/metadata-store/metadata-migrations.js';

const SOURCE = projectPath('migrations', 'metadata');
/** This migration's file, whatever number it gets. */
const UNDER_TEST = readdirSync(SOURCE).find((name) => /^\d{4}-team-and-member-site-restrictions\.ts$/.test(name)) ?? '';

/** A copy of the metadata migrations numbered below the one under test. */
function migrationsBefore(root: string): string {
  const source = SOURCE;
  mkdirSync(root, { recursive: true });
  for (const file of readdirSync(source).filter((name) => name === 'column-types.ts' || (/^\d{4}-.+\.ts$/.test(name) && name.slice(0, 4) < UNDER_TEST.slice(0, 4)))) {
    copyFileSync(join(source, file), join(root, file));
  }
  return root;
}

describe('metadata migration 0010 (team and member site restrictions)', () => {
  let root: string | undefined;
  let meta: MetadataDb | undefined;
  afterEach(async () => {
    await meta?.close();
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('marks teams with sites as restricted; a team without sites stays open', async () => {
    root = mkdtempSync(join(tmpdir(), 'loupe-meta-migration-'));
    const migrations = migrationsBefore(join(root, 'migrations'));
    meta = createMetadataDb({ dataDir: join(root, 'data') });
    await migrateMetadataDb(meta, migrations);
    const db = meta.db as unknown as Kysely<unknown>;
    const now = new Date(0).toISOString();
    await sql`insert into "user" (id, name, email, "emailVerified", "createdAt", "updatedAt") values ('u1', 'u', 'u@example.com', 0, ${now}, ${now})`.execute(db);
    await sql`insert into organization (id, name, slug, "createdAt") values ('o1', 'o', 'o', ${now})`.execute(db);
    await sql`insert into member (id, "organizationId", "userId", role, "createdAt") values ('m1', 'o1', 'u1', 'member', ${now})`.execute(db);
    for (const [team, siteId] of [['with-site', 1], ['without-site', null]] as const) {
      await sql`insert into team (id, name, "memberCount", "organizationId", "createdAt") values (${team}, ${team}, 1, 'o1', ${now})`.execute(db);
      if (siteId !== null) {
        await sql`insert into sites (site_id, id, organization_id, domain, name, settings, created_at, updated_at) values (1, 'aaaaaaaaaaaa', 'o1', 'a.example.com', 'a', '{}', ${now}, ${now})`.execute(db);
        await sql`insert into team_sites (team_id, site_id) values (${team}, 1)`.execute(db);
      }
    }
    await sql`insert into "teamMember" (id, "teamId", "userId") values ('tm1', 'with-site', 'u1')`.execute(db);

    copyFileSync(join(SOURCE, UNDER_TEST), join(migrations, UNDER_TEST));
    expect(await migrateMetadataDb(meta, migrations)).toEqual([UNDER_TEST.replace(/\.ts$/, '')]);
    expect((await sql<{ team_id: string }>`select team_id from team_restrictions`.execute(db)).rows).toEqual([{ team_id: 'with-site' }]);
    expect(await allowedSiteIds(meta.db, 'u1', 'o1')).toEqual(new Set([1]));
    await sql`delete from sites where site_id = 1`.execute(db);
    expect(await allowedSiteIds(meta.db, 'u1', 'o1')).toEqual(new Set());
  });
});
