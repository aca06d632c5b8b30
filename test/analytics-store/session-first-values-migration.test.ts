// Migration 0036 on a store that already holds sessions: each row's (time, value) twins of its first channel,
// informative channel, country, browser and hostname hold what the time-prefixed strings hold, for rows written
// before it (backfilled), rows written after it (by the view) and rows merged across both.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-session-first-values-', { migratedUpTo: '0035' });

/** A pageview of session `session` at `hm` on 2026-03-01 (its session starting at 10:00). */
const event = (session: string, hm: string, values: { channel: string; country: string; browser: string; hostname: string }) => ({
  site_id: 1,
  session_id: session,
  session_start: '2026-03-01 10:00:00.000',
  timestamp: `2026-03-01 ${hm}:00.000`,
  type: 'pageview',
  pathname: `/${hm}`,
  user_id: `visitor-${session}`,
  event_id: crypto.randomUUID(),
  ...values,
});

const direct = { channel: 'Direct', country: 'DE', browser: 'Firefox', hostname: 'example.com' };
const search = { channel: 'Organic Search', country: 'US', browser: 'Chrome', hostname: 'shop.example.com' };

/** Per merged row: the five strings' values (or '~'), then the twins' times and values. */
const stored = () =>
  temporary.store
    .query<Record<string, string>>(
      `SELECT toString(session_id) AS id,
         arrayMap(s -> if(s = '~', s, substring(s, 24)), [first_channel, first_informative_channel, first_country, first_browser, first_hostname]) AS strings,
         arrayMap(t -> toString(t.1), [first_channel_by_time, first_informative_channel_by_time, first_country_by_time, first_browser_by_time, first_hostname_by_time]) AS times,
         arrayMap(t -> t.2, [first_channel_by_time, first_informative_channel_by_time, first_country_by_time, first_browser_by_time, first_hostname_by_time]) AS values
       FROM sessions FINAL ORDER BY id`,
    )
    .then((rows) => rows.map((row) => Object.values(row)));

const NONE = '2299-12-31 23:59:59.999';

it('gives existing sessions their first values by time, and keeps them as the strings through later inserts and merges', async () => {
  // Session 1 comes directly, then from a search; session 2 only directly; session 3 in two inserts, its first
  // event (by time) in the second.
  await temporary.store.insert('events', [event('1', '10:00', direct), event('1', '10:05', search), event('2', '10:00', direct), event('3', '10:02', direct)]);
  await temporary.store.insert('events', [event('3', '10:01', search)]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0036'))).toEqual(['0036_session_first_values_by_time']);
  const at = (hm: string) => `2026-03-01 ${hm}:00.000`;
  const before = [
    ['1', ['Direct', 'Organic Search', 'DE', 'Firefox', 'example.com'], [at('10:00'), at('10:05'), at('10:00'), at('10:00'), at('10:00')], ['Direct', 'Organic Search', 'DE', 'Firefox', 'example.com']],
    ['2', ['Direct', '~', 'DE', 'Firefox', 'example.com'], [at('10:00'), NONE, at('10:00'), at('10:00'), at('10:00')], ['Direct', '', 'DE', 'Firefox', 'example.com']],
    ['3', ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com'], [at('10:01'), at('10:01'), at('10:01'), at('10:01'), at('10:01')], ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com']],
  ];
  expect(await stored()).toEqual(before);

  // After the migration the view writes them: session 2 gets an earlier search visit, merged with its backfilled row.
  await temporary.store.insert('events', [event('2', '09:59', search), event('4', '10:00', search)]);
  const after = [
    before[0],
    ['2', ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com'], Array.from({ length: 5 }, () => at('09:59')), ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com']],
    before[2],
    ['4', ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com'], Array.from({ length: 5 }, () => at('10:00')), ['Organic Search', 'Organic Search', 'US', 'Chrome', 'shop.example.com']],
  ];
  expect(await stored()).toEqual(after);
  await temporary.store.command('OPTIMIZE TABLE sessions FINAL');
  expect(await stored()).toEqual(after);
});
