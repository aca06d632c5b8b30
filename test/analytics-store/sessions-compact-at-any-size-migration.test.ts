// Migration 0041: `sessions` parts stay compact at any size up to 4 GiB uncompressed (64 MB after migration 0028),
// so a merge of large parts reads one stream per part instead of one per column (decision 0075).
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { sessionPartTypes, longReferrerSessions } from '../helpers/sessions-parts.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-sessions-compact-any-', { migratedUpTo: '0040' });

/** 3,700 sessions of one site whose referrers make about 22 MB uncompressed; three such inserts merge into 66 MB, above migration 0028's 64 MB. */
const sessionRows = (first: number) => longReferrerSessions(first, 3_700, 3);

const partTypes = () => sessionPartTypes(temporary.store);

/** Three inserts of 22 MB merged into one part of 66 MB. */
async function mergedPart(): Promise<void> {
  for (const first of [1, 100_001, 200_001]) await temporary.store.insert('sessions', sessionRows(first));
  await temporary.store.command('OPTIMIZE TABLE sessions FINAL');
}

it('merges 66 MB of sessions into a compact part after it (wide before), and reads every row back', async () => {
  await mergedPart();
  expect(await partTypes()).toEqual(['Wide']);
  await temporary.store.command("ALTER TABLE sessions DROP PARTITION '202603'");

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0041'))).toEqual(['0041_sessions_compact_parts_at_any_size']);
  await mergedPart();
  expect(await partTypes()).toEqual(['Compact']);
  expect(await temporary.store.query(
    `SELECT count() AS sessions, sum(pageviews) AS pageviews, min(length(first_referrer)) AS shortest, uniqExact(first_referrer) AS referrers FROM sessions FINAL WHERE site_id = 7`,
  )).toEqual([{ sessions: '11100', pageviews: '33300', shortest: '6027', referrers: '11100' }]);
});
