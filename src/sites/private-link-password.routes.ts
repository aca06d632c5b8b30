// A private link's password: admins set or remove it; a reader holding the link unlocks it with the password and
// gets a proof (sent back in the x-private-link-proof header) that opens the link for a while. Tries are limited
// per address and per site.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { NotFoundError, RateLimitError, UnauthorizedError } from '../platform/http/app-errors.js';
import type { Guards } from '../platform/http/guards.js';
import { siteOf } from '../platform/http/guards.js';
import { ANY_CREDENTIAL, OPTIONAL_CREDENTIAL, SiteParams } from '../platform/http/route-docs.js';
import type { RateLimiter } from '../platform/shared-state/rate-limiter.js';
import type { PrivateLinks } from './private-links.js';
import type { SiteRepository } from './site.repository.js';

export interface PrivateLinkPasswordRoutesDeps {
  readonly guards: Guards;
  readonly sites: SiteRepository;
  readonly privateLinks: PrivateLinks;
  readonly limiter: RateLimiter;
  readonly clock: () => number;
}

/** Unlock tries per client address and site, and per site from anywhere, in one window. */
export const UNLOCK_LIMITS = { perAddress: 10, perSite: 100, windowMs: 15 * 60 * 1000 } as const;

const INVALID_LINK = 'This private link is not valid';

const PasswordBodySchema = z.object({
  password: z.string().min(8).max(200).nullable().describe('the new password (8 to 200 characters); null removes it'),
}).strict();

const UnlockBodySchema = z.object({
  key: z.string().min(1).max(128).describe('the private link key'),
  password: z.string().min(1).max(200).optional().describe("the link's password, when it has one"),
}).strict();

const UnlockAnswerSchema = z.object({
  passwordRequired: z.boolean().describe('whether the link asks for a password'),
  proof: z.string().nullable().describe('send it in the x-private-link-proof header with x-private-key; null when the link has no password'),
  expiresAt: z.string().nullable().describe('when the proof stops working (ISO 8601); null without a proof'),
});

export const privateLinkPasswordRoutes: FastifyPluginAsyncZod<PrivateLinkPasswordRoutesDeps> = async (app, { guards, sites, privateLinks, limiter, clock }) => {
  app.put('/api/sites/:site/private-link-password', {
    onRequest: guards.site({ scope: 'sites:write', role: 'admin' }),
    schema: {
      tags: ['Sites'],
      summary: "Set or remove the private link's password (admins only)",
      description: 'With a password the key alone no longer opens the link: readers unlock it with the password first. Setting, changing or removing it ends every earlier proof.',
      security: ANY_CREDENTIAL, params: SiteParams, body: PasswordBodySchema,
      response: { 200: z.object({ success: z.literal(true), data: z.object({ hasPassword: z.boolean() }) }) },
    },
  }, async (request) => {
    const { siteId } = siteOf(request);
    if (!(await privateLinks.setPassword(siteId, request.body.password))) throw new NotFoundError('This site has no private link: generate one first');
    return { success: true as const, data: { hasPassword: request.body.password !== null } };
  });

  app.post('/api/sites/:site/private-link-unlock', {
    schema: {
      tags: ['Sites'],
      summary: 'Check a private link key (and its password) and get a proof of the password',
      description: `No credential needed. A wrong or unknown key (or site) answers 401 alike; a link with a password answers \`passwordRequired: true\` without one, 401 with a wrong one. At most ${UNLOCK_LIMITS.perAddress} tries per address and ${UNLOCK_LIMITS.perSite} per site every 15 minutes (429 after).`,
      security: OPTIONAL_CREDENTIAL, params: SiteParams, body: UnlockBodySchema, response: { 200: UnlockAnswerSchema },
    },
  }, async (request) => {
    const now = clock();
    const site = await sites.get(request.params.site);
    const scope = site === undefined ? 'unknown' : String(site.siteId);
    for (const [key, max] of [[`link-unlock:${scope}:${request.ip}`, UNLOCK_LIMITS.perAddress], [`link-unlock:${scope}`, UNLOCK_LIMITS.perSite]] as const) {
      const decision = await limiter.hit(key, max, UNLOCK_LIMITS.windowMs, now);
      if (!decision.allowed) throw new RateLimitError('Too many tries for this link: wait before trying again', decision.retryAfterSeconds);
    }
    if (site === undefined) throw new UnauthorizedError(INVALID_LINK);
    const result = await privateLinks.unlock(site.siteId, request.body.key, request.body.password);
    switch (result.kind) {
      case 'no-link': throw new UnauthorizedError(INVALID_LINK);
      case 'wrong-password': throw new UnauthorizedError('Wrong password');
      case 'open': return { passwordRequired: false, proof: null, expiresAt: null };
      case 'password-needed': return { passwordRequired: true, proof: null, expiresAt: null };
      case 'unlocked': return { passwordRequired: true, proof: result.proof, expiresAt: result.expiresAt };
    }
  });
};
