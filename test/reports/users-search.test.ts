// GET /users?search=&search_field=: the users list's search box, over identified ids and the latest identify traits.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const RANGE = 'start_date=2026-03-01&end_date=2026-03-15';
const IDENTITIES = [
  { identified_user_id: 'alice-1', at: '2026-03-02T08:00:00Z', traits: '{"username":"Wonderland","name":"Alice Liddell","email":"alice@example.com"}' },
  // Bob was "Robert" first; only his latest traits count.
  { identified_user_id: 'bob-2', at: '2026-03-02T08:00:00Z', traits: '{"username":"robert","name":"Robert","email":"bob@old.example.org"}' },
  { identified_user_id: 'bob-2', at: '2026-03-05T08:00:00Z', traits: '{"username":"bobby","name":"Bob Stone","email":"bob@example.org"}' },
  { identified_user_id: 'carl-3', at: '2026-03-02T08:00:00Z', traits: '{"username":42,"name":"Carl 100%","email":""}' },
];

describe('searching users', () => {
  let t: TestApp;
  let owner: { cookie: string };
  let siteId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse('2026-03-20T12:00:00Z') });
    owner = await signUp(t.app, 'users-search@example.com');
    const org = await createOrganization(t.app, owner.cookie, 'users-search-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'search.example.com' })).siteId;
    await seedEvents(t, siteId, [
      { session_id: 1, user_id: 'va', identified_user_id: 'alice-1', at: '2026-03-10T10:00:00Z', country: 'GB' },
      { session_id: 2, user_id: 'vb', identified_user_id: 'bob-2', at: '2026-03-11T10:00:00Z', country: 'US' },
      { session_id: 3, user_id: 'vc', identified_user_id: 'carl-3', at: '2026-03-12T10:00:00Z', country: 'US' },
      // Anonymous: an id with "bob" in it, no traits; never found by a search.
      { session_id: 4, user_id: 'bob-anonymous', at: '2026-03-13T10:00:00Z', country: 'US' },
    ]);
    await t.services.analytics.insert('user_identities', IDENTITIES.map(({ at, ...row }) => ({
      site_id: siteId, anonymous_id: '', user_id: '', ...row, timestamp: new Date(at).toISOString().slice(0, 23).replace('T', ' '),
    })));
  });
  afterAll(async () => t.close());

  const get = (qs: string) => call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/users?${RANGE}&${qs}` });
  const found = async (qs: string) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: Array<{ user_id: string }>; totalCount: number; page: number; pageSize: number };
    return [body.data.map((user) => user.user_id), body.totalCount];
  };

  it.each([
    ['no search', '', [['bob-anonymous', 'carl-3', 'bob-2', 'alice-1'], 4]],
    ['a blank search', 'search=%20%20', [['bob-anonymous', 'carl-3', 'bob-2', 'alice-1'], 4]],
    ['username by default, case-insensitive', 'search=WONDER', [['alice-1'], 1]],
    ['username: the latest traits only', 'search=robert&search_field=username', [[], 0]],
    ['username: the latest value', 'search=bobb&search_field=username', [['bob-2'], 1]],
    ['username: a number, by its text', 'search=42&search_field=username', [['carl-3'], 1]],
    ['name', 'search=%20stone%20&search_field=name', [['bob-2'], 1]],
    ['name: % is plain text', 'search=100%25&search_field=name', [['carl-3'], 1]],
    ['name: % matches no run of characters', 'search=C%25l&search_field=name', [[], 0]],
    ['email', 'search=example&search_field=email', [['bob-2', 'alice-1'], 2]],
    ['user_id: identified ids only', 'search=bob&search_field=user_id', [['bob-2'], 1]],
    ['user_id: ignores traits', 'search=stone&search_field=user_id', [[], 0]],
    ['an empty search_field means username', 'search=wonder&search_field=', [['alice-1'], 1]],
  ])('%s', async (_label, qs, expected) => {
    expect(await found(qs)).toEqual(expected);
  });

  it('pages, sorts and filters the people found', async () => {
    expect(await found('search=example&search_field=email&page_size=1&page=2')).toEqual([['alice-1'], 2]);
    expect(await found('search=example&search_field=email&sort_by=last_seen&sort_order=asc')).toEqual([['alice-1', 'bob-2'], 2]);
    const us = encodeURIComponent('[{"parameter":"country","type":"equals","value":["US"]}]');
    expect(await found(`search=example&search_field=email&filters=${us}`)).toEqual([['bob-2'], 1]);
  });

  it.each([
    ['search_field=phone&search=x', 'search_field'],
    [`search=${'a'.repeat(257)}`, 'search'],
  ])('answers 400 to %s', async (qs, field) => {
    const res = await get(qs);
    expect(res.statusCode).toBe(400);
    expect((res.json() as { error: string }).error).toContain(field);
  });
});
