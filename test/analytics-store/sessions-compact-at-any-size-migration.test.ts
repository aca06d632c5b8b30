// Migration 0041: `sessions` parts stay compact at any size up to 4 GiB uncompressed (64 MB after migration 0028),
// so a merge of large parts reads one stream per part instead of one per column (decision 0075).
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-sessions-compact-any-');

/** 3,700 sessions of one site whose referrers make about 22 MB uncompressed; three such inserts merge into 66 MB, above migration 0028's 64 MB. */
function sessionRows(first: number): Record<string, unknown>[] {
  return Array.from({ length: 3700 }, (_, i) => ({
    site_id: 7, session_id: String(first + i), session_start: '2026-03-01 10:00:00.000', first_at: '2026-03-01 10:00:00.000',
    last_at: '2026-03-01 10:05:00.000', pageviews: 3, first_referrer: `https://example.com/${String(first + i).padStart(6, '0')}/${'r'.repeat(6000)}`,
  }));
}

const partTypes = async () =>
  (await temporary.store.query<{ part_type: string }>(
    `SELECT part_type FROM system.parts WHERE database = currentDatabase() AND table = 'sessions' AND active ORDER BY name`,
  )).map((row) => row.part_type);

/** Three inserts of 22 MB merged into one part of 66 MB. */
async function mergedPart(): Promise<void> {
  for (const first of [1, 100_001, 200_001]) await temporary.store.insert('sessions', sessionRows(first));
  await temporary.store.command('OPTIMIZE TABLE sessions FINAL');
}

it('merges 66 MB of sessions into a compact part after it (wide before), and reads every row back', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0040'));
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
