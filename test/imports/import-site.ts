// A test app with one organization, its API key and one site, for the per-source import tests, and a reader
// of the site's reports over a fixed range.
import { call, createOrganization, createOrganizationKey, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, type TestApp } from '../helpers/test-app.js';

export interface ImportSite {
  readonly t: TestApp;
  readonly key: { key: string };
  readonly site: number;
  /** A report's `data` (the path relative to the site, the range appended); throws unless 200. */
  get(path: string): Promise<unknown>;
}

export async function importSite(name: string, domain: string, range: string): Promise<ImportSite> {
  const t = await createTestApp({ clock: () => Date.parse('2026-03-10T12:00:00Z') });
  const owner = await signUp(t.app, `${name}@example.com`);
  const org = await createOrganization(t.app, owner.cookie, name);
  const key = await createOrganizationKey(t.app, owner, org);
  const site = (await createSite(t.app, owner, org, { domain })).siteId;
  const get = async (path: string) => {
    const res = await call(t.app, key, { method: 'GET', url: `/api/sites/${site}${path}${path.includes('?') ? '&' : '?'}${range}` });
    if (res.statusCode !== 200) throw new Error(`${path}: ${res.statusCode} ${res.body}`);
    return (res.json() as { data: unknown }).data;
  };
  return { t, key, site, get };
}

/** How many items have each key. */
export function countBy<T>(items: readonly T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}
