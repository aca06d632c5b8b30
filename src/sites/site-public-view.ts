// What a visitor without membership (a public site's reader, a private link's holder) may read of a site: its
// identity and the toggles its tracking script already reads publicly, never the owner's exclusion lists.
import type { Site } from './site.js';
import { trackingConfigOf, type TrackingConfig } from './tracking-config.js';

export type SitePublicView = TrackingConfig & {
  readonly name: string;
  readonly public: boolean;
  readonly publicPeopleData: boolean;
  readonly organizationId: string;
  readonly createdAt: string;
};

export function publicViewOf(site: Site): SitePublicView {
  return { ...trackingConfigOf(site), name: site.name, public: site.public, publicPeopleData: site.publicPeopleData, organizationId: site.organizationId, createdAt: site.createdAt };
}
