// The better-auth instance: email/password accounts, cookie sessions, organizations with teams, API keys.
import { apiKey } from '@better-auth/api-key';
import { betterAuth } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { organization, twoFactor } from 'better-auth/plugins';
import { sql } from 'kysely';
import type { MetadataDb } from '../metadata-store/create-metadata-db.js';
import { emailVerificationOptions, passwordResetOptions, type AccountMail } from './account-email-options.js';
import type { AuthRateLimitStorage } from './auth-rate-limit-storage.js';
import { isProviderCallback, type OidcSignIns } from './oidc-sign-in.js';
import { enforceOrganizationTwoFactor } from './organization-two-factor-hook.js';
import type { InvitationTokens } from './invitation-tokens.js';
import { limitSignInPerAccount } from './account-sign-in-limit.js';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH, refuseCommonPassword } from './password-policy.js';
import { refuseOperatorOwnedMetadata } from './operator-owned-metadata.js';
import { organizationAccessControl, organizationRoles } from './organization-roles.js';
import { INVITED_SIGN_UP_HEADER, SIGN_UP_REFUSED } from './sign-up-gate.js';

export const USER_KEY_CONFIG = 'default';
export const ORG_KEY_CONFIG = 'organization';
export const USER_KEY_PREFIX = 'lp_';
export const ORG_KEY_PREFIX = 'lpo_';
export const CLIENT_IP_HEADER = 'x-loupe-client-ip';

export interface AuthConfig {
  readonly baseUrl: string;
  readonly secret: string;
  /** Sign-up by invitation only once an account exists (the bridge's sign-up gate decides; this is the backstop). */
  readonly disableSignup: boolean;
  /** Issues the secret of each invitation's link (stored hashed); accepting needs it. */
  readonly invitationTokens: InvitationTokens;
  /** Sign-in / sign-up attempts allowed per minute per client address. */
  readonly authRateLimitPerMinute: number;
  /** Sign-in attempts allowed per minute per account (the email signed in to), from any number of addresses. */
  readonly signInPerAccountPerMinute: number;
  readonly apiKeyRateLimit: { readonly max: number; readonly windowSeconds: number };
  /** Where those attempts are counted: shared by every server process (see auth-rate-limit-storage.ts). */
  readonly rateLimitStorage: AuthRateLimitStorage;
  /** Where better-auth's own log lines go (the app logger); nothing is printed to the console. */
  readonly log?: (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;
  /** Called after any call that can update, disable or delete API keys (cached verifications must go). */
  readonly onApiKeysChanged?: () => void;
  /** Called when better-auth creates an invitation (POST /api/auth/organization/invite-member): emails it if it can. */
  readonly onInvitationCreated?: (notice: InvitationCreated) => Promise<void>;
  /** Called before better-auth deletes an organization, to remove what Loupe keeps for it (its sites' analytics). */
  readonly onOrganizationDeleting?: (organizationId: string) => Promise<void>;
  /** Sends verification and password-reset mails; undefined (no SMTP): those flows are off. */
  readonly accountMail?: AccountMail;
  /** Sign-in with the operator's OpenID Connect provider, when configured. */
  readonly oidc?: OidcSignIns;
}

/** The issuer authenticator apps show beside the account's email. */
export const TWO_FACTOR_ISSUER = 'Loupe';

export interface InvitationCreated {
  readonly id: string;
  /** The link's secret: only in the email (and in the answer to the admin who invited through Loupe's route). */
  readonly token: string;
  readonly email: string;
  readonly role: string;
  readonly organizationName: string;
  readonly inviterEmail: string;
  readonly expiresAt: string;
}

/** better-auth endpoints after which an API key may no longer be valid, or valid with other permissions. */
const KEY_CHANGING_PATHS = /^\/(api-key\/(update|delete)|delete-user|organization\/delete)/;

/** A session's expiry (and `updatedAt`, shown as its last activity) moves on at most this often. */
const SESSION_REFRESH_SECONDS = 3600;

/** Rejected credentials are routine (they become 401s), not errors of the service. */
const ROUTINE = /Failed to validate API key|Invalid password|User not found/;

export function createAuth(meta: MetadataDb, config: AuthConfig) {
  const db = meta.schemaless;
  const keyDefaults = {
    // Loupe enforces the tracking limit itself (platform/http/rate-limiter); these values describe it.
    rateLimit: { enabled: false, maxRequests: config.apiKeyRateLimit.max, timeWindow: config.apiKeyRateLimit.windowSeconds * 1000 },
    enableMetadata: true,
    keyExpiration: { defaultExpiresIn: null, minExpiresIn: 0, maxExpiresIn: 3650 },
  };
  return betterAuth({
    basePath: '/api/auth',
    baseURL: config.baseUrl,
    secret: config.secret,
    trustedOrigins: [config.baseUrl],
    database: { db, type: meta.dialect },
    telemetry: { enabled: false },
    logger: {
      level: 'debug',
      log: (level, message) => config.log?.(ROUTINE.test(message) ? 'debug' : level, `better-auth: ${message}`),
    },
    advanced: {
      // The Fastify bridge sets this header from the socket (or trusted proxy) address; clients cannot supply it.
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Explicit: left unset, better-auth skips its Origin and callback URL checks when NODE_ENV=test or TEST is set.
      disableOriginCheck: false,
      disableCSRFCheck: false,
    },
    emailAndPassword: {
      enabled: true, autoSignIn: true, minPasswordLength: MIN_PASSWORD_LENGTH, maxPasswordLength: MAX_PASSWORD_LENGTH, ...passwordResetOptions(config.accountMail),
    },
    emailVerification: emailVerificationOptions(config.accountMail),
    // A new address takes effect only once the link sent to it is opened (Loupe never updates it unverified).
    user: { changeEmail: { enabled: true } },
    session: { updateAge: SESSION_REFRESH_SECONDS },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 600,
      customStorage: config.rateLimitStorage,
      customRules: {
        '/sign-in/email': { window: 60, max: config.authRateLimitPerMinute },
        '/sign-up/email': { window: 60, max: config.authRateLimitPerMinute },
        // Calls that send mail or check a password: per address, as sign-in.
        '/request-password-reset': { window: 60, max: config.authRateLimitPerMinute },
        '/send-verification-email': { window: 60, max: config.authRateLimitPerMinute },
        '/change-email': { window: 60, max: config.authRateLimitPerMinute },
        '/change-password': { window: 60, max: config.authRateLimitPerMinute },
        // Starting a sign-in with the identity provider: the same budget (better-auth's own: 3 per 10 s).
        '/sign-in/social': { window: 60, max: config.authRateLimitPerMinute },
        // Codes and backup codes: the same budget per address as passwords (better-auth's own: 3 per 10 s).
        '/two-factor/*': { window: 60, max: config.authRateLimitPerMinute },
      },
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        refuseCommonPassword(ctx.path, ctx.body);
        await limitSignInPerAccount(ctx.path, ctx.body, config.rateLimitStorage, config.signInPerAccountPerMinute);
        await enforceOrganizationTwoFactor(meta.db, ctx);
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (KEY_CHANGING_PATHS.test(ctx.path)) config.onApiKeysChanged?.();
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, context) => {
            // Accounts made at sign-in with the identity provider follow OIDC_SIGNUP, not DISABLE_SIGNUP.
            if (config.oidc && isProviderCallback(context?.path)) {
              config.oidc.checkSignUp(user.email);
              return { data: user };
            }
            if (!config.disableSignup || context?.headers?.get(INVITED_SIGN_UP_HEADER) === '1') return { data: user };
            const existing = await sql<{ n: number | string }>`select count(*) as n from "user"`.execute(db);
            if (Number(existing.rows[0]?.n ?? 0) > 0) throw new APIError('FORBIDDEN', SIGN_UP_REFUSED);
            return { data: user };
          },
        },
      },
    },
    plugins: [
      organization({
        teams: { enabled: true },
        ac: organizationAccessControl,
        roles: organizationRoles,
        allowUserToCreateOrganization: true,
        sendInvitationEmail: async (data) => {
          await config.onInvitationCreated?.({
            id: data.id, token: await config.invitationTokens.issue(data.id), email: data.email, role: String(data.role), organizationName: data.organization.name,
            inviterEmail: data.inviter.user.email, expiresAt: new Date(data.invitation.expiresAt).toISOString(),
          });
        },
        organizationHooks: {
          beforeCreateOrganization: async ({ organization }) => refuseOperatorOwnedMetadata(organization),
          beforeUpdateOrganization: async ({ organization }) => refuseOperatorOwnedMetadata(organization),
          beforeDeleteOrganization: async ({ organization }) => {
            await config.onOrganizationDeleting?.(organization.id);
          },
        },
      }),
      // TOTP with backup codes. Accounts without a password (made through the identity provider) confirm with a code instead.
      twoFactor({ issuer: TWO_FACTOR_ISSUER, allowPasswordless: true }),
      ...(config.oidc?.plugins() ?? []),
      apiKey([
        { configId: USER_KEY_CONFIG, references: 'user', defaultPrefix: USER_KEY_PREFIX, ...keyDefaults },
        { configId: ORG_KEY_CONFIG, references: 'organization', defaultPrefix: ORG_KEY_PREFIX, ...keyDefaults },
      ]),
    ],
  });
}

export type Auth = ReturnType<typeof createAuth>;
