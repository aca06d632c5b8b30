// GET /api/organizations/{org}/api-usage: the API-key limits of this instance, in Rybbit's shape.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Guards } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, OrganizationParams } from '../platform/http/route-docs.js';

export interface ApiUsageRoutesDeps {
  readonly guards: Guards;
  /** API_KEY_RATE_LIMIT_MAX / _WINDOW_SECONDS: tracking requests allowed per key per window. */
  readonly keyRateLimit: { readonly max: number; readonly windowSeconds: number };
  readonly clock: () => number;
}

const DAY_MS = 86_400_000;

const ApiUsageSchema = z.object({
  metered: z.literal(false).describe('always false: Loupe sets no daily quota on API keys'),
  available: z.literal(true),
  dailyUsed: z.literal(0).describe('0: not metered (Loupe does not count API-key requests per day)'),
  dailyLimit: z.literal(0),
  dailyRemaining: z.literal(0),
  resetsInSeconds: z.number().int().describe('seconds until the next 00:00 UTC, where a daily quota would reset'),
  burstLimit: z.number().int().describe('tracking requests one API key may send per window (API_KEY_RATE_LIMIT_MAX)'),
  burstWindowSeconds: z.number().int().describe('that window, in seconds (API_KEY_RATE_LIMIT_WINDOW_SECONDS)'),
});

/** Whole seconds from `nowMs` to the next midnight UTC (a full day at midnight itself). */
export function secondsToNextUtcMidnight(nowMs: number): number {
  return Math.ceil(((Math.floor(nowMs / DAY_MS) + 1) * DAY_MS - nowMs) / 1000);
}

export const apiUsageRoutes: FastifyPluginAsyncZod<ApiUsageRoutesDeps> = async (app, { guards, keyRateLimit, clock }) => {
  app.get('/api/organizations/:organizationId/api-usage', {
    onRequest: guards.organization({ scope: 'sites:read' }),
    schema: {
      tags: ['Api Keys'],
      summary: "The organization's API-key usage and limits (not metered on Loupe)",
      description:
        'Loupe sets no daily quota and does not count API-key requests, so it answers as a self-hosted Rybbit does ' +
        '(`metered: false`, daily figures 0); `burstLimit` and `burstWindowSeconds` are its per-key rate limit on tracking requests.',
      security: ANY_CREDENTIAL, params: OrganizationParams, response: { 200: ApiUsageSchema },
    },
  }, async () => ({
    metered: false as const,
    available: true as const,
    dailyUsed: 0 as const,
    dailyLimit: 0 as const,
    dailyRemaining: 0 as const,
    resetsInSeconds: secondsToNextUtcMidnight(clock()),
    burstLimit: keyRateLimit.max,
    burstWindowSeconds: keyRateLimit.windowSeconds,
  }));
};
