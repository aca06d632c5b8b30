// OpenAPI fragments shared by route schemas: security requirements and common path parameters.
import { z } from 'zod';

type SecurityRequirement = Record<string, string[]>;

/** Any of the three schemes of the source document. */
export const ANY_CREDENTIAL: SecurityRequirement[] = [{ BearerAuth: [] }, { QueryApiKey: [] }, { CookieSession: [] }];
export const COOKIE_ONLY: SecurityRequirement[] = [{ CookieSession: [] }];
export const BEARER_OPTIONAL: SecurityRequirement[] = [{}, { BearerAuth: [] }];
/** Public endpoints: no credential needed (an optional one is still honoured). */
export const OPTIONAL_CREDENTIAL: SecurityRequirement[] = [{}, { BearerAuth: [] }, { QueryApiKey: [] }, { CookieSession: [] }];

export const SiteParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
});

export const OrganizationParams = z.object({
  organizationId: z.string().min(1),
});

export const SuccessSchema = z.object({ success: z.literal(true) });
export const ErrorSchema = z.object({ error: z.string() });
