// A site as the API answers it: the record with its settings (site.ts), with Rybbit's fields, and
// the narrower view of a visitor without membership (site-public-view.ts).
import { z } from 'zod';
import { SiteSettingsSchema } from './site-settings.schema.js';
import { TrackingConfigSchema } from './tracking-config.js';

export const SiteSchema = z.object({
  siteId: z.number().int(),
  id: z.string().describe('the 12-character hex public id the script tag carries'),
  domain: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...SiteSettingsSchema.shape,
});

/** The record with Rybbit's fields Loupe answers truthfully (withRybbitFields). */
export const SiteRecordSchema = SiteSchema.extend({
  trackFormInteractions: z.boolean().describe("Rybbit's single form toggle: true only when trackFormSubmit and trackInputChange both are"),
  trackIp: z.literal(false).describe('Loupe never stores IP addresses'),
});

export const SitePublicViewSchema = TrackingConfigSchema.extend({
  name: z.string(),
  public: z.boolean(),
  publicPeopleData: z.boolean().describe('whether the reports that name people are open to this reader too'),
  organizationId: z.string(),
  createdAt: z.string(),
});

/**
 * GET /api/sites/{site}: the record for a member of the site's organization, the public view for anyone else.
 * The record is tried first: a public view lacks its settings, so it never passes as one.
 */
export const SiteAnswerSchema = z.union([
  SiteRecordSchema.describe("for a member of the site's organization"),
  SitePublicViewSchema.describe("for a visitor of a public site or a private link's holder"),
]);
