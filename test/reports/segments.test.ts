// Segments CRUD over HTTP, filter validation, visibility, scopes, and segment_id applying saved filters to reports.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createOrganization, createOrganizationKey, createSite, signUp, type Credential, inviteAndAccept } from '../helpers/auth-client.js';
import { seedEvents } from '../helpers/seed-events.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

const NOW = '2026-03-20T12:00:00Z';
const CHROME = [{ parameter: 'browser', type: 'equals', value: ['Chrome'] }];
const error = (message: string) => ({ type: 'error', event_name: 'Error', props: JSON.stringify({ message }) });

describe('segments', () => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let member: { cookie: string; userId: string };
  let stranger: { cookie: string; userId: string };
  let org: string;
  let siteId: number;
  let otherSiteId: number;
  let chromeId: number;

  beforeAll(async () => {
    t = await createTestApp({ clock: () => Date.parse(NOW) });
    owner = await signUp(t.app, 'seg-owner@example.com');
    org = await createOrganization(t.app, owner.cookie, 'seg-org');
    siteId = (await createSite(t.app, owner, org, { domain: 'seg.example.com', public: true })).siteId;
    otherSiteId = (await createSite(t.app, owner, org, { domain: 'seg2.example.com' })).siteId;
    member = await signUp(t.app, 'seg-member@example.com');
    await inviteAndAccept(t.app, owner, member, org, 'seg-member@example.com', 'member');
    stranger = await signUp(t.app, 'seg-stranger@example.com');
    await seedEvents(t, siteId, [
      // Session 1 (Chrome): two pageviews over 60 s and one error.
      { at: '2026-03-10T10:00:00Z', session_id: 1, user_id: 'u1', browser: 'Chrome', pathname: '/' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'u1', browser: 'Chrome', pathname: '/docs' },
      { at: '2026-03-10T10:01:00Z', session_id: 1, user_id: 'u1', browser: 'Chrome', ...error('boom') },
      // Session 2 (Firefox): one pageview, two errors.
      { at: '2026-03-10T11:00:00Z', session_id: 2, user_id: 'u2', browser: 'Firefox', pathname: '/' },
      { at: '2026-03-10T11:00:10Z', session_id: 2, user_id: 'u2', browser: 'Firefox', ...error('boom') },
      { at: '2026-03-10T11:00:20Z', session_id: 2, user_id: 'u2', browser: 'Firefox', ...error('quirk') },
      // Session 3 (Chrome): one pageview on /docs.
      { at: '2026-03-11T09:00:00Z', session_id: 3, user_id: 'u3', browser: 'Chrome', pathname: '/docs' },
    ]);
  });
  afterAll(async () => t.close());

  const segments = (credential: Credential | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path = '', payload?: unknown, site = siteId) =>
    call(t.app, credential, { method, url: `/api/sites/${site}/segments${path}`, ...(payload === undefined ? {} : { payload: payload as object }) });
  const report = (path: string, credential: Credential | undefined = owner) => call(t.app, credential, { method: 'GET', url: `/api/sites/${siteId}${path}` });

  it('lets a member save a segment and returns it', async () => {
    const res = await segments(member, 'POST', '', { name: 'Chrome users', filters: CHROME });
    expect(res.statusCode).toBe(200);
    chromeId = res.json().segmentId;
    expect(res.json()).toEqual({
      segmentId: chromeId, siteId, name: 'Chrome users', description: null, filters: CHROME, isPublic: false,
      createdBy: member.userId, createdAt: expect.any(String), updatedAt: expect.any(String),
    });
    expect((await segments(owner, 'GET', `/${chromeId}`)).json()).toEqual(res.json());
    expect((await segments(owner, 'GET')).json()).toEqual([res.json()]);
  });

  it('applies the saved filters of segment_id to /overview, like the same filters parameter', async () => {
    const bySegment = await report(`/overview?segment_id=${chromeId}`);
    expect(bySegment.statusCode).toBe(200);
    expect(bySegment.json().data).toEqual({ sessions: 2, pageviews: 3, users: 2, pages_per_session: 1.5, bounce_rate: 50, session_duration: 30 });
    const byFilters = await report(`/overview?filters=${encodeURIComponent(JSON.stringify(CHROME))}`);
    expect(bySegment.json()).toEqual(byFilters.json());
    expect((await report('/overview')).json().data.sessions).toBe(3);
  });

  it('applies segment_id to /errors/names, ANDed with filters', async () => {
    expect((await report(`/errors/names?segment_id=${chromeId}`)).json().data).toEqual([
      { value: 'boom', errorName: 'Error', count: 1, sessionCount: 1, percentage: 100 },
    ]);
    expect((await report('/errors/names')).json().data.map((row: { value: string; count: number }) => [row.value, row.count])).toEqual([['boom', 2], ['quirk', 1]]);
    const firefox = encodeURIComponent(JSON.stringify([{ parameter: 'browser', type: 'equals', value: ['Firefox'] }]));
    expect((await report(`/errors/names?segment_id=${chromeId}&filters=${firefox}`)).json().data).toEqual([]);
  });

  it("answers 400 for a segment of another site on this site's reports, and 404 through its segments", async () => {
    const other = await segments(owner, 'POST', '', { name: 'Elsewhere', filters: [] }, otherSiteId);
    const otherId = other.json().segmentId as number;
    const res = await report(`/overview?segment_id=${otherId}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain('segment_id');
    expect((await segments(owner, 'GET', `/${otherId}`)).statusCode).toBe(404);
  });

  it('updates any subset and deletes', async () => {
    const docs = [{ parameter: 'pathname', type: 'starts_with', value: ['/docs'] }];
    const updated = await segments(member, 'PUT', `/${chromeId}`, { description: 'Chrome on docs', filters: [...CHROME, ...docs] });
    expect(updated.json()).toMatchObject({ segmentId: chromeId, name: 'Chrome users', description: 'Chrome on docs', filters: [...CHROME, ...docs] });
    expect((await report(`/overview?segment_id=${chromeId}`)).json().data).toMatchObject({ sessions: 2, pageviews: 2 });
    expect((await segments(member, 'PUT', `/${chromeId}`, { name: 'Renamed', isPublic: true })).json()).toMatchObject({ name: 'Renamed', isPublic: true, description: 'Chrome on docs' });
    const temporary = (await segments(owner, 'POST', '', { name: 'Temporary', filters: [] })).json().segmentId as number;
    expect((await segments(member, 'DELETE', `/${temporary}`)).json()).toEqual({ success: true });
    expect((await segments(owner, 'GET', `/${temporary}`)).statusCode).toBe(404);
    expect((await segments(owner, 'DELETE', `/${temporary}`)).statusCode).toBe(404);
    expect((await segments(owner, 'PUT', '/999999', { name: 'x' })).statusCode).toBe(404);
  });

  it.each([
    ["unknown parameter 'nope'", { name: 'x', filters: [{ parameter: 'nope', type: 'equals', value: ['a'] }] }],
    ["unknown type 'like'", { name: 'x', filters: [{ parameter: 'browser', type: 'like', value: ['a'] }] }],
    ['bad regex', { name: 'x', filters: [{ parameter: 'pathname', type: 'regex', value: ['(unclosed'] }] }],
    ['needs at least one value', { name: 'x', filters: [{ parameter: 'browser', type: 'equals', value: [] }] }],
    ['filters', { name: 'x', filters: 'browser=Chrome' }],
    ['filters', { name: 'x' }],
    ['name', { name: '', filters: [] }],
  ])('answers 400 naming the problem: %s', async (problem, body) => {
    const res = await segments(owner, 'POST', '', body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toContain(problem);
  });

  it('answers 400 to an empty update, a bad filter update and a malformed id', async () => {
    expect((await segments(owner, 'PUT', `/${chromeId}`, {})).json().error).toContain('No fields');
    expect((await segments(owner, 'PUT', `/${chromeId}`, { filters: [{ parameter: 'x', type: 'equals', value: ['1'] }] })).json().error).toContain("unknown parameter 'x'");
    expect((await segments(owner, 'GET', '/abc')).statusCode).toBe(400);
  });

  it('shows viewers of a public site without access only public segments, and lets only members write', async () => {
    const hidden = (await segments(owner, 'POST', '', { name: 'Private', filters: [] })).json().segmentId as number;
    expect((await segments(undefined, 'GET')).json().map((s: { name: string }) => s.name)).toEqual(['Renamed']);
    expect((await segments(stranger, 'GET', `/${hidden}`)).statusCode).toBe(404);
    expect((await segments(stranger, 'POST', '', { name: 'x', filters: [] })).statusCode).toBe(403);
    expect((await segments(undefined, 'POST', '', { name: 'x', filters: [] })).statusCode).toBe(401);
    // Nor can they apply a private segment to a report.
    const applied = await call(t.app, undefined, { method: 'GET', url: `/api/sites/${siteId}/overview?segment_id=${hidden}` });
    expect(applied.statusCode).toBe(400);
    expect(applied.json()).toEqual({ error: `Invalid segment_id: no segment ${hidden} for this site` });
    expect((await call(t.app, owner, { method: 'GET', url: `/api/sites/${siteId}/overview?segment_id=${hidden}` })).statusCode).toBe(200);
  });

  it('checks the segments scopes of API keys', async () => {
    const reader = await createOrganizationKey(t.app, owner, org, { name: 'seg reader', permissions: { segments: ['read'] } });
    expect((await segments({ key: reader.key }, 'GET')).statusCode).toBe(200);
    expect((await segments({ key: reader.key }, 'POST', '', { name: 'x', filters: [] })).statusCode).toBe(403);
    const analytics = await createOrganizationKey(t.app, owner, org, { name: 'analytics', permissions: { analytics: ['read'] } });
    expect((await segments({ key: analytics.key }, 'GET', '', undefined, otherSiteId)).statusCode).toBe(403);
  });
});
