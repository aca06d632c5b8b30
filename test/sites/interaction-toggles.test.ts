// The site toggles for button clicks, copy, form submit and input change: defaults, create, configure, the
// tracking-config answer and the migration that writes them into existing sites, on SQLite and PostgreSQL.
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateMetadataDb } from '../../src/platform/metadata-store/metadata-migrations.js';
import { call, createOrganization, createSite, signUp } from '../helpers/auth-client.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

const backends = await metadataBackends();
const TOGGLES_OFF = { trackButtonClicks: false, trackCopy: false, trackFormSubmit: false, trackInputChange: false };

describe.each(backends)('interaction toggles on %s', (backend) => {
  let t: TestApp;
  let owner: { cookie: string; userId: string };
  let orgId: string;

  beforeAll(async () => {
    t = await createTestApp({ backend });
    owner = await signUp(t.app, 'toggles@example.com');
    orgId = await createOrganization(t.app, owner.cookie, 'toggles');
  });
  afterAll(async () => t.close());

  function trackingConfig(site: { siteId: number; id: string }, domain: string, toggles: Record<string, boolean>) {
    const forms = { ...TOGGLES_OFF, ...toggles };
    return {
      siteId: site.siteId, id: site.id, domain, trackErrors: false, webVitals: false, trackOutbound: true, trackUrlParams: true,
      trackInitialPageView: true, trackSpaNavigation: true, sessionReplay: false, replaySampleRate: 100, replayMaskTextSelectors: [], ...forms,
      trackFormInteractions: forms.trackFormSubmit === true && forms.trackInputChange === true,
      trackDownloads: true,
      downloadExtensions: ['pdf', 'xlsx', 'docx', 'txt', 'rtf', 'csv', 'exe', 'key', 'pps', 'ppt', 'pptx', '7z', 'pkg', 'rar', 'gz', 'zip', 'avi', 'mov', 'mp4', 'mpeg', 'wmv', 'midi', 'mp3', 'wav', 'wma', 'dmg', 'iso', 'msi'],
    };
  }

  it('are off by default in the site record and the tracking config', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'plain.example.com' });
    expect(site).toMatchObject(TOGGLES_OFF);
    const config = await call(t.app, undefined, { method: 'GET', url: `/api/site/tracking-config/${site.id}`, headers: { origin: 'https://plain.example.com' } });
    expect(config.statusCode).toBe(200);
    expect(config.json()).toEqual(trackingConfig(site, 'plain.example.com', {}));
  });

  it('are set at creation and changed by PUT /config, one at a time', async () => {
    const site = await createSite(t.app, owner, orgId, { domain: 'forms.example.com', trackButtonClicks: true, trackCopy: true });
    expect(site).toMatchObject({ ...TOGGLES_OFF, trackButtonClicks: true, trackCopy: true });
    const updated = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { trackCopy: false, trackFormSubmit: true, trackInputChange: true } });
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ trackButtonClicks: true, trackCopy: false, trackFormSubmit: true, trackInputChange: true, trackOutbound: true });
    const read = await call(t.app, owner, { method: 'GET', url: `/api/sites/${site.siteId}` });
    expect(read.json()).toEqual(updated.json());
    const config = await call(t.app, undefined, { method: 'GET', url: `/api/site/tracking-config/${site.siteId}`, headers: { origin: 'https://forms.example.com' } });
    expect(config.json()).toEqual(trackingConfig(site, 'forms.example.com', { trackButtonClicks: true, trackFormSubmit: true, trackInputChange: true }));
  });

  it.each([
    ['trackButtonClicks', 'yes'],
    ['trackCopy', 1],
    ['trackFormSubmit', null],
    ['trackInputChange', 'true'],
  ])('refuses %s = %j with 400 on create and on PUT', async (name, value) => {
    const created = await call(t.app, owner, { method: 'POST', url: `/api/organizations/${orgId}/sites`, payload: { domain: 'bad.example.com', [name]: value } });
    expect(created.statusCode).toBe(400);
    expect(created.json()).toEqual({
      error: `Invalid body '${name}': Invalid input: expected boolean, received ${value === null ? 'null' : typeof value}`,
      details: { fieldErrors: { [name]: [`Invalid input: expected boolean, received ${value === null ? 'null' : typeof value}`] }, formErrors: [] },
    });
    const site = await createSite(t.app, owner, orgId, { domain: 'good.example.com' });
    const put = await call(t.app, owner, { method: 'PUT', url: `/api/sites/${site.siteId}/config`, payload: { [name]: value } });
    expect(put.statusCode).toBe(400);
    expect(put.json()).toEqual(created.json());
  });

  it('migration 0009 writes the missing toggles as false into stored sites and keeps those already set', async () => {
    const older = await createSite(t.app, owner, orgId, { domain: 'older.example.com' });
    const newer = await createSite(t.app, owner, orgId, { domain: 'newer.example.com', trackCopy: true });
    const db = t.services.metadata.db as unknown as Kysely<unknown>;
    const stored = async (siteId: number) =>
      JSON.parse((await sql<{ settings: string }>`select settings from sites where site_id = ${siteId}`.execute(db)).rows[0]?.settings ?? '{}') as Record<string, unknown>;
    // The site as the release before 0009 stored it: no toggle keys; and 0009 not yet applied.
    const { trackButtonClicks: _b, trackCopy: _c, trackFormSubmit: _f, trackInputChange: _i, ...before } = await stored(older.siteId);
    await sql`update sites set settings = ${JSON.stringify(before)} where site_id = ${older.siteId}`.execute(db);
    await sql`delete from loupe_migrations where version = ${'0009-site-interaction-toggles'}`.execute(db);

    expect(await migrateMetadataDb(t.services.metadata)).toEqual(['0009-site-interaction-toggles']);
    expect(await stored(older.siteId)).toEqual({ ...before, ...TOGGLES_OFF });
    expect(await stored(newer.siteId)).toMatchObject({ ...TOGGLES_OFF, trackCopy: true });
    expect(await migrateMetadataDb(t.services.metadata)).toEqual([]);
  });
});
