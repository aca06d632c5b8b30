// GET /api/config and GET /api/version (public): what Rybbit's dashboard reads before signing in.
import { readFileSync } from 'node:fs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql, type Kysely } from 'kysely';
import { z } from 'zod';
import { projectPath } from '../platform/project-path.js';
import type { OidcSettings } from '../platform/auth/oidc-settings.js';

export interface InstanceInfoRoutesDeps {
  readonly disableSignup: boolean;
  /** Whether referrers' favicons are fetched (FAVICONS). */
  readonly favicons: boolean;
  /** Whether the instance sends mail (SMTP_URL). */
  readonly emailEnabled: boolean;
  readonly oidc: OidcSettings | undefined;
  readonly metadata: Kysely<unknown>;
}

const ConfigSchema = z.object({
  disableSignup: z.boolean().describe('true when a visitor cannot create an account (DISABLE_SIGNUP, once a first account exists)'),
  emailEnabled: z.boolean().describe('true when the instance sends mail (SMTP_URL): password reset by email, address verification and change of address are available'),
  mapboxToken: z.null().describe('no map tiles token: the map views use their default tiles'),
  liteDashboard: z.literal(false),
  routeGroups: z.literal(false),
  signInProviders: z.array(z.object({
    id: z.string().describe('the `provider` of POST /api/auth/sign-in/social'),
    name: z.string().describe('the name on the button: "Sign in with <name>"'),
  })).describe("the operator's identity provider (OIDC_*), or none"),
  firstAccount: z.boolean().describe('true while the instance has no account yet: the dashboard opens on creating the first one'),
  favicons: z.boolean().describe("true when this server fetches referrers' favicons (FAVICONS): GET /api/sites/{site}/favicon; false on an instance without internet"),
});

function loupeVersion(): string {
  const manifest = JSON.parse(readFileSync(projectPath('package.json'), 'utf8')) as { version?: unknown };
  return typeof manifest.version === 'string' ? manifest.version : '0.0.0';
}

async function hasAccounts(db: Kysely<unknown>): Promise<boolean> {
  const rows = await sql<{ n: number | string }>`select count(*) as n from "user"`.execute(db);
  return Number(rows.rows[0]?.n ?? 0) > 0;
}

export const instanceInfoRoutes: FastifyPluginAsyncZod<InstanceInfoRoutesDeps> = async (app, { disableSignup, favicons, emailEnabled, oidc, metadata }) => {
  const signInProviders = oidc ? [{ id: oidc.providerId, name: oidc.name }] : [];
  const version = loupeVersion();

  app.get('/api/config', {
    schema: { tags: ['General'], summary: 'Instance settings the dashboard needs before sign-in', security: [{}], response: { 200: ConfigSchema } },
  }, async () => {
    const accounts = await hasAccounts(metadata);
    return {
      // The first account may always sign up, so sign-up is only closed once someone has.
      disableSignup: disableSignup && accounts,
      emailEnabled,
      mapboxToken: null,
      liteDashboard: false as const,
      routeGroups: false as const,
      signInProviders,
      firstAccount: !accounts,
      favicons,
    };
  });

  app.get('/api/version', {
    schema: { tags: ['General'], summary: "The running Loupe's version", security: [{}], response: { 200: z.object({ version: z.string() }) } },
  }, async () => ({ version }));
};
