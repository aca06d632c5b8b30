// The Site record as the API returns it.
import type { SiteSettings } from './site-settings.schema.js';

export interface Site extends SiteSettings {
  readonly siteId: number;
  readonly id: string;
  readonly domain: string;
  readonly name: string;
  readonly organizationId: string;
  readonly createdAt: string;
  readonly updatedAt: string;
}
