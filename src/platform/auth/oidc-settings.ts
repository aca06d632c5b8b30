// The operator's OpenID Connect (or plain OAuth 2.0) sign-in provider and its organization rules, parsed from
// the environment by config.ts. One provider per instance; its id in better-auth's paths is `oidc`.
import { isOrganizationRole, type OrganizationRole } from './organization-roles.js';

/** Roles a rule may give: any organization role but owner (an owner is made in Loupe by another owner). */
export type MappedRole = Exclude<OrganizationRole, 'owner'>;

export function isMappedRole(value: string): value is MappedRole {
  return value !== 'owner' && isOrganizationRole(value);
}

/** `open`: anyone the provider signs in gets an account; `mapped`: only people a rule places in an organization; `off`: existing accounts only. */
export type OidcSignUp = 'open' | 'mapped' | 'off';

export interface OidcOrganizationRule {
  /** Matches the verified email's domain (`emailDomain`) or one value of the role claim (`claim`). */
  readonly kind: 'emailDomain' | 'claim';
  readonly value: string;
  readonly organizationSlug: string;
  readonly role: MappedRole;
}

export interface OidcSettings {
  readonly providerId: 'oidc';
  /** The name on the sign-in button: "Sign in with <name>". */
  readonly name: string;
  readonly clientId: string;
  readonly clientSecret: string;
  /** OpenID Connect: endpoints and keys come from `<issuer>/.well-known/openid-configuration`. */
  readonly issuer: string | undefined;
  /** Plain OAuth 2.0 (no discovery): all three endpoints are given. */
  readonly endpoints: { readonly authorization: string; readonly token: string; readonly userInfo: string } | undefined;
  readonly scopes: readonly string[];
  readonly signUp: OidcSignUp;
  /** The claim whose value(s) `claim` rules match (a string or an array of strings, such as `groups`). */
  readonly roleClaim: string | undefined;
  readonly rules: readonly OidcOrganizationRule[];
}

/**
 * Parses `value=organization-slug:role` pairs separated by commas (`example.com=acme:member`). Returns the rules or
 * a sentence saying what is wrong. A slug and a role never contain `=` or `:`, so a value may.
 */
export function parseOrganizationRules(text: string | undefined, kind: OidcOrganizationRule['kind']): OidcOrganizationRule[] | string {
  if (text === undefined) return [];
  const rules: OidcOrganizationRule[] = [];
  for (const entry of text.split(',').map((part) => part.trim()).filter((part) => part !== '')) {
    const equals = entry.lastIndexOf('=');
    const target = equals > 0 ? entry.slice(equals + 1).split(':') : [];
    const value = entry.slice(0, Math.max(equals, 0)).trim();
    const [slug, role] = target.map((part) => part.trim());
    if (target.length !== 2 || !value || !slug || !role) return `"${entry}": expected value=organization-slug:role`;
    if (!isMappedRole(role)) return `"${entry}": the role must be an organization role other than owner (admin, member, ...)`;
    rules.push({ kind, value: kind === 'emailDomain' ? value.toLowerCase() : value, organizationSlug: slug, role });
  }
  return rules;
}
