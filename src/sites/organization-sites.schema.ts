// The answer of GET /api/organizations/{org}/sites (organization-sites.ts builds it).
import { z } from 'zod';
import { OrganizationRecordSchema } from '../organizations/index.js';
import { SiteSchema } from './site.schema.js';

export const OrganizationSitesSchema = z.object({
  organization: OrganizationRecordSchema.nullable(),
  role: z.enum(['owner', 'admin', 'member', 'viewer']).describe("the caller's role in the organization"),
  sites: z.array(SiteSchema.extend({
    sessionsLast24Hours: z.number().int(),
    isOwner: z.boolean().describe('true for admins and owners'),
    teams: z.array(z.object({ id: z.string(), name: z.string() })).describe('the teams the site belongs to, by name'),
  })),
  subscription: z.object({
    monthlyEventCount: z.number().int(),
    eventLimit: z.null().describe('a self-hosted instance has no event limit'),
    overMonthlyLimit: z.literal(false),
    planName: z.string(),
    status: z.string(),
  }),
});
