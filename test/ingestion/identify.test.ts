// POST /api/identify over HTTP: a user_identities row linking the device to the user, with traits; validation and refusals.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, identify, track, USER_AGENTS } from '../helpers/track-client.js';
import { createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const backends = await metadataBackends();
const sha12 = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 12);

interface Details {
  readonly fieldErrors: Record<string, string[]>;
  readonly formErrors: string[];
}
const field = (name: string, ...messages: string[]): Details => ({ fieldErrors: { [name]: messages }, formErrors: [] });

/** [case, body fields beside site_id, expected details]. */
const INVALID_CASES: ReadonlyArray<readonly [string, Record<string, unknown>, Details]> = [
  ['user_id missing', {}, field('user_id', 'Invalid input: expected string, received undefined')],
  ['user_id empty', { user_id: '' }, field('user_id', 'Too small: expected string to have >=1 characters')],
  ['user_id too long', { user_id: 'u'.repeat(256) }, field('user_id', 'Too big: expected string to have <=255 characters')],
  ['user_id a number', { user_id: 42 }, field('user_id', 'Invalid input: expected string, received number')],
  ['anonymous_id empty', { user_id: 'u', anonymous_id: '' }, field('anonymous_id', 'Too small: expected string to have >=1 characters')],
  ['an unknown field', { user_id: 'u', email: 'a@example.com' }, field('email', 'Unrecognized field')],
  ['traits an array', { user_id: 'u', traits: ['pro'] }, field('traits', 'Invalid input: expected record, received array')],
  ['a nested trait', { user_id: 'u', traits: { address: { city: 'Berlin' } } }, field('traits', 'Invalid input')],
  ['a trait value too long', { user_id: 'u', traits: { bio: 'b'.repeat(2049) } }, field('traits', 'Too big: expected string to have <=2048 characters')],
  ['a trait name too long', { user_id: 'u', traits: { ['k'.repeat(101)]: 'v' } }, field('traits', 'Invalid key in record')],
  ['101 traits', { user_id: 'u', traits: Object.fromEntries(Array.from({ length: 101 }, (_, n) => [`t${n}`, n])) }, field('traits', 'At most 100 traits')],
];

describe.each(backends)('POST /api/identify on %s', (backend) => {
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: clock.now });
    f = await createTrackingFixture(t.app, 'identify', 'example.com');
  });
  afterAll(async () => t.close());

  async function identities(userId: string): Promise<Record<string, unknown>[]> {
    return rows(t, 'SELECT * FROM user_identities WHERE identified_user_id = {user:String} ORDER BY timestamp', { user: userId });
  }

  it('stores the link from an SDK device id to the user, with its traits', async () => {
    const traits = { plan: 'pro', seats: 12, beta: true, company: null };
    const response = await identify(t.app, { site_id: f.site.id, user_id: 'user-42', anonymous_id: 'device-abc', traits }, { headers: browserHeaders({ origin: 'https://app.example.com' }) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await identities('user-42')).toEqual([
      {
        site_id: f.site.siteId,
        timestamp: '2026-03-10 12:00:00.000',
        identified_user_id: 'user-42',
        user_id: sha12(`${f.site.siteId}:device-abc`),
        anonymous_id: 'device-abc',
        traits: '{"plan":"pro","seats":12,"beta":true,"company":null}',
      },
    ]);
  });

  it('links the browser visitor that tracked before (same visitor id) and stores empty traits as {}', async () => {
    await track(t.app, { site_id: f.site.id, pathname: '/before-login' });
    const response = await identify(t.app, { site_id: String(f.site.siteId), user_id: 'user-7' });
    expect(response.json()).toEqual({ success: true });
    const [event] = await rows<{ user_id: string }>(t, 'SELECT user_id FROM events WHERE pathname = {path:String}', { path: '/before-login' });
    expect(event?.user_id).toBe(sha12(`127.0.0.1${USER_AGENTS.chromeWindows}`));
    expect(await identities('user-7')).toMatchObject([{ user_id: event?.user_id, anonymous_id: '', traits: '{}' }]);
  });

  it('keeps every identify call (traits change over time)', async () => {
    await identify(t.app, { site_id: f.site.id, user_id: 'user-9', traits: { plan: 'free' } });
    clock.advance(60_000);
    await identify(t.app, { site_id: f.site.id, user_id: 'user-9', traits: { plan: 'pro' } });
    const found = await identities('user-9');
    expect(found.map((row) => [row.timestamp, row.traits])).toEqual([
      ['2026-03-10 12:00:00.000', '{"plan":"free"}'],
      ['2026-03-10 12:01:00.000', '{"plan":"pro"}'],
    ]);
  });

  it.each(INVALID_CASES)('rejects %s', async (_label, fields, details) => {
    const response = await identify(t.app, { site_id: f.site.id, ...fields });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ success: false, error: 'Invalid payload', details });
  });

  it('answers 404 for an unknown site and 401 for a bad key, storing nothing', async () => {
    const unknown = await identify(t.app, { site_id: 'no-such-site', user_id: 'ghost' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ success: false, error: 'Site not found' });
    const badKey = await identify(t.app, { site_id: f.site.id, user_id: 'ghost' }, { key: 'lpo_notARealKeyAtAll' });
    expect(badKey.statusCode).toBe(401);
    expect(badKey.json()).toEqual({ success: false, error: 'Invalid API key' });
    expect(await identities('ghost')).toEqual([]);
  });

  it('accepts a trusted server-side call with an organization key', async () => {
    const response = await identify(t.app, { site_id: f.site.id, user_id: 'server-user', anonymous_id: 'device-srv' }, { key: f.key, headers: { 'content-type': 'application/json' } });
    expect(response.json()).toEqual({ success: true });
    expect(await identities('server-user')).toMatchObject([{ user_id: sha12(`${f.site.siteId}:device-srv`) }]);
  });
});
