// Migration 0038 on a store whose events were deleted under the old delete mode: before it, a read answered from
// a projection of `events` still counted the deleted events; after it, every read agrees with the table, and so
// does every read after a later delete (decision 0068).
import { expect, it } from 'vitest';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-projection-deletes-', { migratedUpTo: '0037' });

/** `count` pageviews of `pathname` by visitor `user`, one session each. */
const pageviews = (user: string, count: number, pathname = '/a') =>
  Array.from({ length: count }, (_, index) => ({
    site_id: 1,
    session_id: `${user.charCodeAt(0)}${String(index).padStart(5, '0')}`,
    timestamp: `2026-03-01 10:${String(index % 60).padStart(2, '0')}:00.000`,
    type: 'pageview',
    pathname,
    user_id: user,
    event_id: crypto.randomUUID(),
  }));

/**
 * Pageviews of other pages around them: the engine reads a projection only when it reads fewer granules there,
 * so the table must span several granules (8,192 rows each) while /a's pageviews lie in one of the projection's.
 */
const others = (user: string) => pageviews(user, 40_000, '/z');

const COUNT_A = "SELECT toString(count()) AS n FROM events WHERE site_id = 1 AND type = 'pageview' AND pathname = '/a'";

/** /a's pageviews as the funnels' projection answers them, and as the table itself does. */
async function counts(): Promise<{ projection: string | undefined; table: string | undefined }> {
  const [projection] = await temporary.store.query<{ n: string }>(`${COUNT_A} SETTINGS force_optimize_projection_name = 'events_by_type_and_path'`);
  const [table] = await temporary.store.query<{ n: string }>(`${COUNT_A} SETTINGS optimize_use_projections = 0`);
  return { projection: projection?.n, table: table?.n };
}

it('leaves deleted events out of the projections: those deleted before it, and those deleted after', async () => {
  await temporary.store.insert('events', [...pageviews('ann', 30), ...pageviews('bob', 20), ...others('dan')]);
  await temporary.store.insert('events', [...pageviews('carol', 10), ...others('eve')]);
  // Erasing a visitor is a lightweight delete (src/user-data/erase-events.ts).
  await temporary.store.command("DELETE FROM events WHERE site_id = 1 AND user_id = 'bob'");
  // The old mode: the projection still answers with bob's 20 pageviews.
  expect(await counts()).toEqual({ projection: '60', table: '40' });

  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0038'))).toEqual(['0038_projections_dropped_on_delete']);
  expect(await counts()).toEqual({ projection: '40', table: '40' });

  // A delete after the migration: the touched part is read from the table until a merge, the other from its projection.
  await temporary.store.command("DELETE FROM events WHERE site_id = 1 AND user_id = 'carol'");
  expect(await counts()).toEqual({ projection: '30', table: '30' });
  await temporary.store.command('OPTIMIZE TABLE events FINAL');
  expect(await counts()).toEqual({ projection: '30', table: '30' });
});
