// Request bodies and answers of the API key creation endpoints; scopes are `resource:action` pairs.
import { z } from 'zod';

export const SCOPE_ACTIONS: Readonly<Record<string, readonly string[]>> = {
  analytics: ['read'],
  sessions: ['read'],
  events: ['read'],
  users: ['read', 'write'],
  goals: ['read', 'write'],
  funnels: ['read', 'write'],
  annotations: ['read', 'write'],
  segments: ['read', 'write'],
  sites: ['read', 'write'],
  ingest: ['write'],
  webhooks: ['read', 'write'],
  alerts: ['read', 'write'],
  imports: ['read', 'write'],
  replay: ['read'],
};

const PermissionsSchema = z
  .record(z.string(), z.array(z.string()).min(1))
  .superRefine((permissions, ctx) => {
    for (const [resource, actions] of Object.entries(permissions)) {
      const allowed = SCOPE_ACTIONS[resource];
      if (!allowed) {
        ctx.addIssue({ code: 'custom', message: `Unknown scope resource '${resource}'`, path: [resource] });
        continue;
      }
      for (const action of actions) {
        if (!allowed.includes(action)) ctx.addIssue({ code: 'custom', message: `Unknown scope '${resource}:${action}'`, path: [resource] });
      }
    }
  })
  .describe('Scopes as resource -> actions, e.g. {"analytics":["read"],"ingest":["write"]}; omitted = full access');

export const CreateUserKeyBodySchema = z
  .object({
    name: z.string().trim().min(1).max(64),
    expiresIn: z.number().int().min(60).max(3650 * 86400).optional().describe('Lifetime in seconds'),
    permissions: PermissionsSchema.optional(),
  })
  .strict();

export const CreateOrganizationKeyBodySchema = CreateUserKeyBodySchema;

export type CreateKeyBody = z.infer<typeof CreateUserKeyBodySchema>;

const nullableDate = z.date().nullable();

/**
 * A created organization key as better-auth's createApiKey returns it, in its order: the full `key` is in
 * this answer only. Dates are sent as ISO 8601 strings.
 */
export const CreatedOrganizationKeySchema = z.object({
  configId: z.string().describe('default for a user key, organization for an organization key'),
  name: z.string().nullable(),
  start: z.string().nullable().describe('the first characters of the key, to recognise it in lists'),
  referenceId: z.string().describe('the owning user or organization'),
  prefix: z.string().nullable(),
  key: z.string().describe('the secret: shown once'),
  refillInterval: z.number().nullable(),
  refillAmount: z.number().nullable(),
  lastRefillAt: nullableDate,
  enabled: z.boolean(),
  rateLimitEnabled: z.boolean(),
  rateLimitTimeWindow: z.number().nullable(),
  rateLimitMax: z.number().nullable(),
  requestCount: z.number(),
  remaining: z.number().nullable(),
  lastRequest: nullableDate,
  expiresAt: nullableDate,
  createdAt: z.date(),
  updatedAt: z.date(),
  permissions: z.record(z.string(), z.array(z.string())).nullable().describe('scopes as resource -> actions; null = full access'),
  metadata: z.unknown(),
  id: z.string(),
});

export const CreatedUserKeySchema = CreatedOrganizationKeySchema.extend({ userId: z.string() });
