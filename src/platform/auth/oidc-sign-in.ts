// Sign-in through the operator's OpenID Connect (or OAuth 2.0) provider, on better-auth's genericOAuth plugin:
// who may get an account, which organizations each sign-in places the person in, and the TOTP challenge for an
// account with two-factor on (the provider's own sign-in does not replace Loupe's second factor).
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthMiddleware } from 'better-auth/api';
import { deleteSessionCookie } from 'better-auth/cookies';
import { generateRandomString } from 'better-auth/crypto';
import { genericOAuth } from 'better-auth/plugins';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { applyOrganizationTargets, organizationTargets, type OrganizationTargets } from './oidc-organization-mapping.js';
import type { OidcSettings } from './oidc-settings.js';

/** better-auth's endpoint for the provider's redirect back to Loupe (/api/auth/callback/oidc). */
export const OIDC_CALLBACK_PATH = '/callback/:id';

/** Whether better-auth is handling a provider's redirect back (where OAuth accounts are made). */
export function isProviderCallback(path: string | undefined): boolean {
  return path === OIDC_CALLBACK_PATH || (path?.startsWith('/callback/') ?? false);
}
/** How long the organizations read from a profile wait for the callback that read them to finish. */
const PENDING_MS = 5 * 60_000;
/** better-auth's twoFactor plugin: its challenge cookie and how long a challenge lasts (its defaults). */
const TWO_FACTOR_COOKIE = 'two_factor';
const TWO_FACTOR_CHALLENGE_SECONDS = 600;

export interface OidcSignInDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly warn: (message: string) => void;
}

export class OidcSignIns {
  /** Lower-cased email -> the organizations its profile maps to, between reading the profile and the session. */
  private readonly pending = new Map<string, { targets: OrganizationTargets; until: number }>();

  constructor(readonly settings: OidcSettings, private readonly deps: OidcSignInDeps) {}

  plugins(): BetterAuthPlugin[] {
    const s = this.settings;
    const where = s.issuer !== undefined
      ? { discoveryUrl: `${s.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, requireIdTokenVerification: true }
      : { authorizationUrl: s.endpoints?.authorization, tokenUrl: s.endpoints?.token, userInfoUrl: s.endpoints?.userInfo };
    const oauth = genericOAuth({
      config: [{
        providerId: s.providerId,
        name: s.name,
        clientId: s.clientId,
        clientSecret: s.clientSecret,
        scopes: [...s.scopes],
        pkce: true,
        ...where,
        mapProfileToUser: (profile) => {
          this.remember(profile);
          return {};
        },
      }],
    });
    const hooks: BetterAuthPlugin = {
      id: 'loupe-oidc-sign-in',
      hooks: {
        after: [{
          matcher: (ctx) => isProviderCallback(ctx.path),
          handler: createAuthMiddleware(async (ctx) => {
            const signedIn = ctx.context.newSession;
            if (!signedIn || ctx.params?.id !== s.providerId) return;
            const pending = this.take(signedIn.user.email);
            if (pending) await applyOrganizationTargets(this.deps.db, signedIn.user.id, pending, new Date(), this.deps.warn);
            if (!(signedIn.user as { twoFactorEnabled?: unknown }).twoFactorEnabled) return;
            // As better-auth's twoFactor plugin does after a password: no session yet, a challenge the code answers.
            deleteSessionCookie(ctx, true);
            await ctx.context.internalAdapter.deleteSession(signedIn.session.token);
            ctx.context.setNewSession(null);
            const cookie = ctx.context.createAuthCookie(TWO_FACTOR_COOKIE, { maxAge: TWO_FACTOR_CHALLENGE_SECONDS });
            const identifier = `2fa-${generateRandomString(20)}`;
            const expiresAt = new Date(Date.now() + TWO_FACTOR_CHALLENGE_SECONDS * 1000);
            await ctx.context.internalAdapter.createVerificationValue({ value: signedIn.user.id, identifier, expiresAt });
            await ctx.context.internalAdapter.createVerificationValue({ value: '0', identifier: `2fa-attempts-${identifier}`, expiresAt });
            await ctx.setSignedCookie(cookie.name, identifier, ctx.context.secret, cookie.attributes);
          }),
        }],
      },
    };
    return [oauth, hooks];
  }

  /** For user.create.before on the callback: refuses an account the sign-up setting does not allow. */
  checkSignUp(email: string): void {
    const mode = this.settings.signUp;
    if (mode === 'open') return;
    const targets = this.pending.get(email.toLowerCase())?.targets;
    if (mode === 'mapped' && targets !== undefined && targets.size > 0) return;
    throw new APIError('FORBIDDEN', {
      message: mode === 'off'
        ? 'This instance creates no account at sign-in with its identity provider: ask an administrator to invite you'
        : 'No organization on this instance takes this account: ask an administrator to invite you',
      code: 'OIDC_SIGN_UP_REFUSED',
    });
  }

  private remember(profile: Readonly<Record<string, unknown>>): void {
    const now = Date.now();
    for (const [email, entry] of this.pending) if (entry.until < now) this.pending.delete(email);
    if (typeof profile.email !== 'string') return;
    this.pending.set(profile.email.toLowerCase(), { targets: organizationTargets(profile, this.settings), until: now + PENDING_MS });
  }

  private take(email: string): OrganizationTargets | undefined {
    const key = email.toLowerCase();
    const entry = this.pending.get(key);
    this.pending.delete(key);
    return entry !== undefined && entry.until >= Date.now() ? entry.targets : undefined;
  }
}
