// Migration 0010: every event, stored before or after it, carries the hash of its person's key, equal to the
// users reports' key expression hashed (the identified id when set, else the anonymous visitor id).
import { expect, it } from 'vitest';
import { USER_HASH_EXPRESSION } from '../../src/reports/users/user-fields.query.js';
import { migrationsUpTo } from '../helpers/migrations-up-to.js';
import { useTemporaryStore } from '../helpers/temporary-store.js';
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';

const temporary = useTemporaryStore('loupe-user-key-hash-', { migratedUpTo: '0009' });

const event = (userId: string, identifiedUserId: string, hm: string) => ({
  site_id: 1,
  session_id: '1',
  timestamp: `2026-03-01 ${hm}:00.000`,
  type: 'pageview',
  user_id: userId,
  identified_user_id: identifiedUserId,
  event_id: crypto.randomUUID(),
});

it('stores the hash of the person key on earlier and later events alike', async () => {
  await temporary.store.insert('events', [event('visitor-a', '', '10:00'), event('visitor-b', 'alice', '10:01')]);
  expect(await migrateAnalyticsStore(temporary.store, migrationsUpTo(temporary.root, '0010'))).toEqual(['0010_user_key_hash']);
  await temporary.store.insert('events', [event('visitor-c', '', '10:02'), event('visitor-d', 'alice', '10:03')]);

  const rows = await temporary.store.query<{ user: string; stored: string; expected: string }>(
    `SELECT if(identified_user_id = '', user_id, identified_user_id) AS user, toString(user_key_hash) AS stored,
       toString(cityHash64({key:String})) AS expected
     FROM events WHERE user_id = {visitor:String}`,
    { key: 'alice', visitor: 'visitor-b' },
  );
  expect(rows).toHaveLength(1);
  expect(rows[0]?.stored).toBe(rows[0]?.expected);

  const [check] = await temporary.store.query<{ events: string; differing: string; alice: string }>(
    `SELECT toString(count()) AS events, toString(countIf(user_key_hash != ${USER_HASH_EXPRESSION})) AS differing,
       toString(uniqExactIf(user_id, user_key_hash = cityHash64('alice'))) AS alice
     FROM events`,
  );
  expect(check).toEqual({ events: '4', differing: '0', alice: '2' });
});
