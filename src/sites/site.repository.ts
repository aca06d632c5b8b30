// Sites in the metadata store, with a short-lived cache for the hot lookup paths (tracking, access checks).
import { randomBytes } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import type { MetadataDatabase, SitesTable } from '../platform/metadata-store/metadata-schema.js';
import type { SiteLookup, SiteRef } from '../platform/http/access-control.js';
import { DEFAULT_SITE_SETTINGS, SiteSettingsSchema, normaliseSettings, type SiteSettings } from './site-settings.schema.js';
import type { Site } from './site.js';

const CACHE_TTL_MS = 5_000;
const PUBLIC_ID = /^[0-9a-f]{12}$/;

function toSite(row: Selectable<SitesTable>): Site {
  const stored = SiteSettingsSchema.partial().parse(JSON.parse(row.settings));
  return {
    siteId: row.site_id,
    id: row.id,
    domain: row.domain,
    name: row.name,
    organizationId: row.organization_id,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    ...DEFAULT_SITE_SETTINGS,
    ...stored,
  };
}

export function toSiteRef(site: Site): SiteRef {
  return { siteId: site.siteId, id: site.id, organizationId: site.organizationId, domain: site.domain, isPublic: site.public, publicPeopleData: site.publicPeopleData };
}

export class SiteRepository implements SiteLookup {
  private readonly cache = new Map<string, { site: Site | undefined; expires: number }>();

  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** Finds a site by numeric siteId or 12-hex public id (cached for a few seconds). */
  async get(ref: string | number): Promise<Site | undefined> {
    const cached = this.cached(ref);
    if (cached) return cached.site;
    const key = String(ref).toLowerCase();
    const site = await this.load(key);
    if (this.cache.size > 10_000) this.cache.clear();
    this.cache.set(key, { site, expires: Date.now() + CACHE_TTL_MS });
    return site;
  }

  /**
   * The cached answer of `get` while it is fresh (`site` undefined: no such site), else undefined; synchronous,
   * so the tracking call's checks need no promise when the site was looked up in the last few seconds.
   */
  cached(ref: string | number): { readonly site: Site | undefined } | undefined {
    const entry = this.cache.get(String(ref).toLowerCase());
    return entry && entry.expires > Date.now() ? entry : undefined;
  }

  async findSite(ref: string): Promise<SiteRef | undefined> {
    const site = await this.get(ref);
    return site ? toSiteRef(site) : undefined;
  }

  private async load(key: string): Promise<Site | undefined> {
    let query = this.db.selectFrom('sites').selectAll();
    if (/^\d{1,9}$/.test(key) && Number(key) >= 1) query = query.where('site_id', '=', Number(key));
    else if (PUBLIC_ID.test(key)) query = query.where('id', '=', key);
    else return undefined;
    const row = await query.executeTakeFirst();
    return row ? toSite(row) : undefined;
  }

  async listForOrganization(organizationId: string): Promise<Site[]> {
    const rows = await this.db.selectFrom('sites').selectAll().where('organization_id', '=', organizationId).orderBy('site_id').execute();
    return rows.map(toSite);
  }

  /** Every site of the instance whose settings keep its data for a limited number of days. */
  async listWithRetention(): Promise<Site[]> {
    const rows = await this.db.selectFrom('sites').selectAll().orderBy('site_id').execute();
    return rows.map(toSite).filter((site) => site.retentionDays !== null);
  }

  async create(input: { organizationId: string; domain: string; name?: string | undefined; settings: Partial<SiteSettings>; createdBy?: string | undefined }): Promise<Site> {
    const now = new Date().toISOString();
    const settings = normaliseSettings({ ...DEFAULT_SITE_SETTINGS, ...input.settings });
    const row = await this.db
      .insertInto('sites')
      .values({
        id: randomBytes(6).toString('hex'),
        organization_id: input.organizationId,
        domain: input.domain,
        name: input.name ?? input.domain,
        settings: JSON.stringify(settings),
        created_by: input.createdBy ?? null,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSite(row);
  }

  async update(site: Site, patch: Partial<SiteSettings> & { domain?: string | undefined; name?: string | undefined }): Promise<Site> {
    const { domain, name, ...settingsPatch } = patch;
    const { siteId: _siteId, id: _id, domain: oldDomain, name: oldName, organizationId: _org, createdAt: _c, updatedAt: _u, ...current } = site;
    const settings = normaliseSettings({ ...current, ...settingsPatch });
    const row = await this.db
      .updateTable('sites')
      .set({ domain: domain ?? oldDomain, name: name ?? oldName, settings: JSON.stringify(settings), updated_at: new Date().toISOString() })
      .where('site_id', '=', site.siteId)
      .returningAll()
      .executeTakeFirstOrThrow();
    this.forget(site);
    return toSite(row);
  }

  async delete(site: Site): Promise<void> {
    await this.db.deleteFrom('sites').where('site_id', '=', site.siteId).execute();
    this.forget(site);
  }

  private forget(site: Site): void {
    this.cache.delete(String(site.siteId));
    this.cache.delete(site.id);
  }
}
