// Migration 0005 on a store that already holds events: paths, titles and event names become LowCardinality
// with every stored value kept, and new events still fold into the sessions table.
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-low-cardinality-');

const columnTypes = (table: string) =>
  temporary.store.query<{ name: string; type: string }>(
    `SELECT name, type FROM system.columns WHERE database = currentDatabase() AND table = {table:String}
       AND name IN ('pathname', 'page_title', 'event_name') ORDER BY name`,
    { table },
  );

const event = (session: string, timestamp: string, pathname: string, pageTitle: string, type = 'pageview', eventName = '') => ({
  site_id: 1, session_id: session, session_start: '2026-03-01 10:00:00.000', timestamp, type, pathname, page_title: pageTitle,
  event_name: eventName, user_id: 'visitor', event_id: crypto.randomUUID(),
});

it('converts the columns in place, keeping every stored value, and later inserts still reach the sessions table', async () => {
  await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0004'));
  await temporary.store.insert('events', [
    event('1', '2026-03-01 10:00:00.000', '/pricing', 'Pricing'),
    event('1', '2026-03-01 10:01:00.000', '/pricing', 'Pricing', 'custom_event', 'signup'),
  ]);
  await temporary.store.insert('bot_events', [{ site_id: 1, timestamp: '2026-03-01 10:00:00.000', pathname: '/robots.txt', event_name: 'x', event_id: crypto.randomUUID() }]);
  expect(await columnTypes('events')).toEqual([
    { name: 'event_name', type: 'String' },
    { name: 'page_title', type: 'String' },
    { name: 'pathname', type: 'String' },
  ]);

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0005'))).toEqual(['0005_low_cardinality_pages']);
  expect(await columnTypes('events')).toEqual([
    { name: 'event_name', type: 'LowCardinality(String)' },
    { name: 'page_title', type: 'LowCardinality(String)' },
    { name: 'pathname', type: 'LowCardinality(String)' },
  ]);
  expect(await columnTypes('bot_events')).toEqual([
    { name: 'event_name', type: 'LowCardinality(String)' },
    { name: 'pathname', type: 'LowCardinality(String)' },
  ]);

  await temporary.store.insert('events', [event('1', '2026-03-01 10:02:00.000', '/docs', 'Docs')]);
  expect(await temporary.store.query('SELECT pathname, page_title, event_name FROM events ORDER BY timestamp')).toEqual([
    { pathname: '/pricing', page_title: 'Pricing', event_name: '' },
    { pathname: '/pricing', page_title: 'Pricing', event_name: 'signup' },
    { pathname: '/docs', page_title: 'Docs', event_name: '' },
  ]);
  expect(await temporary.store.query('SELECT pathname, event_name FROM bot_events')).toEqual([{ pathname: '/robots.txt', event_name: 'x' }]);
  expect(
    await temporary.store.query(
      "SELECT toString(pageviews) AS pv, toString(pages) AS pages, toString(titled_pages) AS titled FROM sessions FINAL WHERE session_id = 1",
    ),
  ).toEqual([{ pv: '2', pages: "(['/docs','/pricing'],[1,1])", titled: "([('Docs','/docs'),('Pricing','/pricing')],[1,1])" }]);

  // Running it again (a crash before it was recorded) changes nothing.
  await temporary.store.command("ALTER TABLE schema_migrations DELETE WHERE version = '0005_low_cardinality_pages' SETTINGS mutations_sync = 1");
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0005'))).toEqual(['0005_low_cardinality_pages']);
  const [rows] = await temporary.store.query<{ n: string }>('SELECT toString(count()) AS n FROM events');
  expect(rows?.n).toBe('3');
});
