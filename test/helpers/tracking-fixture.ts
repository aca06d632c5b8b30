// One owner, organization, site and organization API key, ready for tracking tests.
import type { FastifyInstance } from 'fastify';
import { createOrganization, createOrganizationKey, createSite, signUp } from './auth-client.js';

export interface TrackingFixture {
  readonly owner: { readonly cookie: string; readonly userId: string };
  readonly organizationId: string;
  readonly site: { readonly siteId: number; readonly id: string; readonly domain: string };
  /** A full-access organization key: trusted for this organization's sites. */
  readonly key: string;
  readonly keyId: string;
}

/** Signs up `<slug>@example.com`, creates organization `<slug>`, a site on `domain` with `settings`, and a key. */
export async function createTrackingFixture(
  app: FastifyInstance,
  slug: string,
  domain: string,
  settings: Record<string, unknown> = {},
): Promise<TrackingFixture> {
  const owner = await signUp(app, `${slug}@example.com`);
  const organizationId = await createOrganization(app, owner.cookie, slug);
  const site = await createSite(app, owner, organizationId, { domain, ...settings });
  const key = await createOrganizationKey(app, owner, organizationId, { name: `${slug} server` });
  return { owner, organizationId, site, key: key.key, keyId: key.id };
}

/** Another site in the fixture's organization (same owner and key). */
export async function addSite(app: FastifyInstance, fixture: TrackingFixture, domain: string, settings: Record<string, unknown> = {}) {
  return createSite(app, fixture.owner, fixture.organizationId, { domain, ...settings });
}
