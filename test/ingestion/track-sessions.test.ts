// Sessions over HTTP with a frozen clock: 30-minute sliding window per visitor, identified users apart, daily salts.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rows } from '../helpers/analytics-rows.js';
import { frozenClock, MINUTE_MS } from '../helpers/frozen-clock.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';
import { browserHeaders, track, USER_AGENTS } from '../helpers/track-client.js';
import { addSite, createTrackingFixture, type TrackingFixture } from '../helpers/tracking-fixture.js';

const backends = await metadataBackends();

describe.each(backends)('sessions on %s', (backend) => {
  const clock = frozenClock('2026-03-10T12:00:00.000Z');
  let t: TestApp;
  let f: TrackingFixture;
  let visitorCount = 0;

  beforeAll(async () => {
    t = await createTestApp({ backend, clock: clock.now, env: { TRUST_PROXY: 'true' } });
    f = await createTrackingFixture(t.app, 'sessions', 'example.com');
  });
  afterAll(async () => t.close());

  /** A fresh visitor: its own public address. */
  function newVisitor(): string {
    visitorCount += 1;
    return `8.8.4.${visitorCount}`;
  }

  async function view(ip: string, pathname: string, extra: Record<string, unknown> = {}, siteId = f.site.id): Promise<void> {
    const response = await track(t.app, { site_id: siteId, pathname, ...extra }, { headers: browserHeaders({ forwardedFor: ip }) });
    expect(response.statusCode, pathname).toBe(200);
  }

  /** session_id of each pathname, in the order asked. */
  async function sessionsOf(...pathnames: string[]): Promise<string[]> {
    const found = await rows<{ pathname: string; session_id: string }>(t, 'SELECT pathname, session_id FROM events WHERE pathname IN {paths:Array(String)}', { paths: pathnames });
    expect(found).toHaveLength(pathnames.length);
    return pathnames.map((pathname) => found.find((row) => row.pathname === pathname)?.session_id ?? 'missing');
  }

  /** [case, minutes after the previous event for each following event, expected session index per event]. */
  const WINDOW_CASES: ReadonlyArray<readonly [string, number[], number[]]> = [
    ['29 minutes apart: one session', [29], [0, 0]],
    ['31 minutes apart: a new session', [31], [0, 1]],
    ['29 then 31 minutes: the second gap cuts', [29, 31], [0, 0, 1]],
    ['sliding: 20-minute gaps for 100 minutes stay one session', [20, 20, 20, 20, 20], [0, 0, 0, 0, 0, 0]],
    ['just under 30 minutes stays, exactly 30 minutes cuts', [29.99, 30], [0, 0, 1]],
    ['a long pause then quick events', [45, 1, 1], [0, 1, 1, 1]],
  ];

  it.each(WINDOW_CASES)('%s', async (label, gaps, expected) => {
    const visitor = newVisitor();
    const paths = [`/${label}/0`];
    await view(visitor, paths[0] ?? '');
    for (const [index, minutes] of gaps.entries()) {
      clock.advance(minutes * MINUTE_MS);
      const pathname = `/${label}/${index + 1}`;
      paths.push(pathname);
      await view(visitor, pathname);
    }
    const sessions = await sessionsOf(...paths);
    const distinct = [...new Set(sessions)];
    expect(sessions.map((id) => distinct.indexOf(id))).toEqual(expected);
    expect(sessions.every((id) => /^\d+$/.test(id))).toBe(true);
  });

  it('stores the session\'s opening time on each of its events, and one merged sessions row', async () => {
    clock.set('2026-03-12T09:00:00.000Z');
    const visitor = newVisitor();
    await view(visitor, '/opening/0');
    clock.advance(20 * MINUTE_MS);
    await t.services.ingestion.flush();
    await view(visitor, '/opening/1', { type: 'custom_event', event_name: 'click' });
    clock.advance(20 * MINUTE_MS);
    await view(visitor, '/opening/2');
    const stored = await rows<{ session_start: string; session_id: string }>(
      t,
      'SELECT toString(session_start) AS session_start, toString(session_id) AS session_id FROM events WHERE pathname LIKE {p:String} ORDER BY timestamp',
      { p: '/opening/%' },
    );
    expect(stored.map((row) => row.session_start)).toEqual(Array(3).fill('2026-03-12 09:00:00.000'));
    const [session] = await rows(
      t,
      `SELECT toString(session_start) AS start, toString(first_at) AS first, toString(last_at) AS last, toString(pageviews) AS pageviews,
         substring(entry_page, 24) AS entry, substring(exit_page, 24) AS exit
       FROM sessions FINAL WHERE session_id = {id:UInt64}`,
      { id: stored[0]?.session_id },
    );
    expect(session).toEqual({
      start: '2026-03-12 09:00:00.000', first: '2026-03-12 09:00:00.000', last: '2026-03-12 09:40:00.000', pageviews: '2', entry: '/opening/0', exit: '/opening/2',
    });
  });

  it('gives different visitors different sessions at the same moment', async () => {
    const [a, b] = [newVisitor(), newVisitor()];
    await view(a, '/parallel/a');
    await view(b, '/parallel/b');
    const [sa, sb] = await sessionsOf('/parallel/a', '/parallel/b');
    expect(sa).not.toBe(sb);
  });

  it('gives an identified user a session of their own, shared across their devices', async () => {
    const laptop = newVisitor();
    const phone = newVisitor();
    await view(laptop, '/ident/anonymous');
    await view(laptop, '/ident/signed-in', { user_id: 'alice@example.com' });
    clock.advance(5 * MINUTE_MS);
    await view(phone, '/ident/phone', { user_id: 'alice@example.com' });
    await view(laptop, '/ident/anonymous-again');
    const [anonymous, signedIn, phoneSession, anonymousAgain] = await sessionsOf('/ident/anonymous', '/ident/signed-in', '/ident/phone', '/ident/anonymous-again');
    expect(signedIn).not.toBe(anonymous);
    expect(phoneSession).toBe(signedIn);
    expect(anonymousAgain).toBe(anonymous);
    const stored = await rows(t, 'SELECT pathname, identified_user_id, user_id FROM events WHERE pathname LIKE {p:String} ORDER BY pathname', { p: '/ident/%' });
    const laptopId = createHash('sha256').update(`${laptop}${USER_AGENTS.chromeWindows}`).digest('hex').slice(0, 12);
    const phoneId = createHash('sha256').update(`${phone}${USER_AGENTS.chromeWindows}`).digest('hex').slice(0, 12);
    expect(stored).toEqual([
      { pathname: '/ident/anonymous', identified_user_id: '', user_id: laptopId },
      { pathname: '/ident/anonymous-again', identified_user_id: '', user_id: laptopId },
      { pathname: '/ident/phone', identified_user_id: 'alice@example.com', user_id: phoneId },
      { pathname: '/ident/signed-in', identified_user_id: 'alice@example.com', user_id: laptopId },
    ]);
  });

  it("marks an event whose visitor attributes differ from its session's first event's, and the session's row", async () => {
    // One device (its SDK id) moves from a US address to an Australian one inside a session; the two events
    // are delivered in two inserts, so only the ingestion can tell that the session's rows disagree.
    const device = { anonymous_id: `device-${visitorCount}` };
    await view('8.8.8.8', '/moved/us', device);
    await t.services.ingestion.flush();
    clock.advance(MINUTE_MS);
    await view('8.8.8.8', '/moved/us-again', device);
    await view('1.1.1.1', '/moved/au', device);
    await t.services.ingestion.flush();
    const stored = await rows<{ pathname: string; country: string; attributes_changed: number; session_id: string }>(
      t,
      "SELECT pathname, country, attributes_changed, session_id FROM events WHERE pathname LIKE '/moved/%' ORDER BY timestamp, pathname",
    );
    expect(stored.map(({ pathname, country, attributes_changed }) => [pathname, country, attributes_changed])).toEqual([
      ['/moved/us', 'US', 0],
      ['/moved/au', 'AU', 1],
      ['/moved/us-again', 'US', 0],
    ]);
    expect(new Set(stored.map((row) => row.session_id)).size).toBe(1);
    const session = await rows(t, 'SELECT attributes_changed FROM sessions FINAL WHERE session_id = {id:UInt64}', { id: stored[0]?.session_id ?? '' });
    expect(session).toEqual([{ attributes_changed: 1 }]);
  });

  it('keeps sessions of one visitor apart per site', async () => {
    const other = await addSite(t.app, f, 'other-example.org');
    const visitor = newVisitor();
    await view(visitor, '/per-site/a');
    await view(visitor, '/per-site/b', {}, other.id);
    const [a, b] = await sessionsOf('/per-site/a', '/per-site/b');
    expect(a).not.toBe(b);
  });

  it('salts visitor ids daily when the site asks: stable within a UTC day, new the next day', async () => {
    const salted = await addSite(t.app, f, 'salted.example.net', { saltUserIds: true });
    clock.set('2026-03-11T23:50:00.000Z');
    const visitor = newVisitor();
    await view(visitor, '/salt/day1-a', {}, salted.id);
    clock.advance(5 * MINUTE_MS);
    await view(visitor, '/salt/day1-b', {}, salted.id);
    clock.advance(10 * MINUTE_MS);
    await view(visitor, '/salt/day2', {}, salted.id);
    const found = await rows<{ pathname: string; user_id: string }>(t, 'SELECT pathname, user_id FROM events WHERE pathname LIKE {p:String} ORDER BY pathname', { p: '/salt/%' });
    const [a, b, next] = found.map((row) => row.user_id);
    const unsalted = createHash('sha256').update(`${visitor}${USER_AGENTS.chromeWindows}`).digest('hex').slice(0, 12);
    expect(a).toMatch(/^[0-9a-f]{12}$/);
    expect(b).toBe(a);
    expect(a).not.toBe(unsalted);
    expect(next).not.toBe(a);
    expect(next).not.toBe(unsalted);
  });
});
