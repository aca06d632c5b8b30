// Shared pieces of the sessions, users, segments and annotations browser tests: a signed-in owner's site with exactly
// seeded sessions and traits, and reading the API's JSON with the same parameters a page uses.
import type { APIRequestContext, BrowserContext } from 'playwright-core';
import { expect } from 'vitest';
import { seedEvents } from '../helpers/seed-events.js';
import type { paths } from '../../web/src/api/schema.js';
import type { DashboardHarness } from './dashboard-harness.js';

/** The JSON body of a 200 answer to GET `P`, from the OpenAPI document (as the dashboard reads it). */
type Answer<P extends keyof paths> = paths[P] extends { get: { responses: { 200: { content: { 'application/json': infer B } } } } } ? B : never;
export type SessionList = Answer<'/api/sites/{site}/sessions'>;
export type SessionDetail = Answer<'/api/sites/{site}/sessions/{sessionId}'>['data'];
export type UserList = Answer<'/api/sites/{site}/users'>;
export type UserDetail = Answer<'/api/sites/{site}/users/{userId}'>['data'];
export type TraitKeys = Answer<'/api/sites/{site}/user-traits/keys'>;
export type TraitValues = Answer<'/api/sites/{site}/user-traits/values'>;
export type Segment = Answer<'/api/sites/{site}/segments'>[number];
export type Annotation = Answer<'/api/sites/{site}/annotations'>[number];
export type OverviewTimeSeries = { data: Array<Record<string, number> & { time: string }> };

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

export interface PeopleSite {
  readonly site: string;
  readonly siteId: number;
  readonly organizationId: string;
  readonly storage: Awaited<ReturnType<BrowserContext['storageState']>>;
}

export async function postJson<T>(h: DashboardHarness, request: APIRequestContext, path: string, data: unknown, method: 'post' | 'put' = 'post'): Promise<T> {
  const response = await request[method](`${h.loupeUrl}${path}`, { data, headers: { origin: h.loupeUrl } });
  if (response.status() !== 200) throw new Error(`${path}: ${response.status()} ${await response.text()}`);
  return response.json() as Promise<T>;
}

/** GET /api/sites/:site<path>?params as JSON (200 expected), with the context's credentials (none: a public viewer). */
export async function siteJson<T>(h: DashboardHarness, request: APIRequestContext, site: string, path: string, params: Record<string, string | number> = {}): Promise<T> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)])).toString();
  const response = await request.get(`${h.loupeUrl}/api/sites/${site}${path}${query ? `?${query}` : ''}`);
  expect([path, response.status()]).toEqual([path, 200]);
  return response.json() as Promise<T>;
}

/** The UTC day `days` from today, `YYYY-MM-DD`. */
export const utcDay = (days = 0) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** The report parameters of `period=all&tz=UTC`, as the pages send them. */
export const allTimeUtc = () => ({ start_date: '2000-01-01', end_date: utcDay(), time_zone: 'UTC' });

/**
 * Three hours ago, to the second: alice (identified, visitor va, FR) has session 101 (/ -> /pricing -> signup
 * -> /thanks, 30 s, 30 s, 75.5 s apart) and session 102 an hour later; bob (anonymous visitor vb, DE) has
 * session 201 at +10 min. alice's traits: plan pro, company Acme.
 */
export async function seedPeople(h: DashboardHarness): Promise<PeopleSite> {
  const context = await h.browser.newContext({ viewport: DESKTOP });
  await postJson(h, context.request, '/api/auth/sign-up/email', { name: 'Ada', email: 'ada@example.com', password: 'correct-horse-9' });
  const organization = await postJson<{ id: string }>(h, context.request, '/api/auth/organization/create', { name: 'Ada Co', slug: 'ada-co' });
  const created = await postJson<{ id: string; siteId: number }>(h, context.request, `/api/organizations/${organization.id}/sites`, { name: 'Ada shop', domain: 'localhost' });
  const start = Math.floor((Date.now() - 3 * 3_600_000) / 1000) * 1000;
  const at = (seconds: number) => new Date(start + seconds * 1000).toISOString();
  const alice = { user_id: 'va', identified_user_id: 'alice', country: 'FR', browser: 'Firefox', device_type: 'Desktop', hostname: 'localhost' };
  const bob = { user_id: 'vb', country: 'DE', browser: 'Chrome', device_type: 'Mobile', hostname: 'localhost' };
  // The three sessions in one insert (an insert costs the engine about 0.2 s of CPU whatever its size).
  await seedEvents(h.loupe, created.siteId, [
    { ...alice, at: at(0), session_id: 101, pathname: '/', page_title: 'Home' },
    { ...alice, at: at(30), session_id: 101, pathname: '/pricing', page_title: 'Pricing' },
    { ...alice, at: at(60), session_id: 101, pathname: '/pricing', type: 'custom_event', event_name: 'signup' },
    { ...alice, at: at(135.5), session_id: 101, pathname: '/thanks', page_title: 'Thanks' },
    { ...alice, at: at(3600), session_id: 102, pathname: '/docs', page_title: 'Docs' },
    { ...bob, at: at(600), session_id: 201, pathname: '/', page_title: 'Home' },
    { ...bob, at: at(660), session_id: 201, pathname: '/blog', page_title: 'Blog' },
  ]);
  await h.loupe.services.analytics.insert('user_identities', [{
    site_id: created.siteId, identified_user_id: 'alice', user_id: 'va', anonymous_id: '', traits: '{"plan":"pro","company":"Acme"}',
    timestamp: new Date(start + 61_000).toISOString().slice(0, 23).replace('T', ' '),
  }]);
  const storage = await context.storageState();
  await context.close();
  return { site: created.id, siteId: created.siteId, organizationId: organization.id, storage };
}
