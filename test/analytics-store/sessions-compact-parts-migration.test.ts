// Migration 0028: `sessions` parts stay compact up to 64 MB uncompressed (the engine's default is 10 MB), so a
// merge of them reads one stream per part instead of one per column (decision 0050). Parts made before it keep
// their format; the rows read the same either way.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { sessionPartTypes, longReferrerSessions } from '../helpers/sessions-parts.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-sessions-compact-', { migratedUpTo: '0027' });

/** 2,000 sessions of one site whose referrers make about 12 MB uncompressed: above the engine's 10 MB default, below 64 MB. */
const sessionRows = (first: number) => longReferrerSessions(first, 2_000, 2);

const partTypes = () => sessionPartTypes(temporary.store);

it('writes 12 MB inserts into sessions as compact parts after it (wide before), merges them into a compact part, and reads every row back', async () => {
  await temporary.store.insert('sessions', sessionRows(1));
  expect(await partTypes()).toEqual(['Wide']);
  await temporary.store.command("ALTER TABLE sessions DROP PARTITION '202603'");

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0028'))).toEqual(['0028_sessions_compact_parts']);
  await temporary.store.insert('sessions', sessionRows(100_001));
  await temporary.store.insert('sessions', sessionRows(1));
  expect(await partTypes()).toEqual(['Compact', 'Compact']);

  // Their merge (25 MB) is compact too, and every session reads as it was written.
  await temporary.store.command('OPTIMIZE TABLE sessions FINAL');
  expect(await partTypes()).toEqual(['Compact']);
  expect(await temporary.store.query(
    `SELECT count() AS sessions, sum(pageviews) AS pageviews, min(length(first_referrer)) AS shortest, uniqExact(first_referrer) AS referrers FROM sessions FINAL WHERE site_id = 7`,
  )).toEqual([{ sessions: '4000', pageviews: '8000', shortest: '6027', referrers: '4000' }]);
});
