import { describe, expect, it } from 'vitest';
import { claimValues, organizationTargets } from './oidc-organization-mapping.js';
import type { OidcOrganizationRule } from './oidc-settings.js';

const rules: OidcOrganizationRule[] = [
  { kind: 'emailDomain', value: 'acme.test', organizationSlug: 'acme', role: 'member' },
  { kind: 'claim', value: 'loupe-admins', organizationSlug: 'acme', role: 'admin' },
  { kind: 'claim', value: 'partners', organizationSlug: 'beta', role: 'member' },
];

describe('claimValues', () => {
  it.each([
    [{ groups: ['a', 'b', 3] }, 'groups', ['a', 'b']],
    [{ role: 'analyst' }, 'role', ['analyst']],
    [{ realm_access: { roles: ['x'] } }, 'realm_access.roles', ['x']],
    [{ realm_access: ['x'] }, 'realm_access.roles', []],
    [{ groups: { a: 1 } }, 'groups', []],
    [{}, 'groups', []],
    [{ groups: ['a'] }, undefined, []],
  ])('%o, %s -> %o', (profile, claim, expected) => {
    expect([...claimValues(profile, claim)]).toEqual(expected);
  });
});

describe('organizationTargets', () => {
  const settings = { rules, roleClaim: 'groups' };
  it.each([
    ['a verified address of the domain', { email: 'a@ACME.test', email_verified: true }, [['acme', 'member']]],
    ['an unverified address of the domain', { email: 'a@acme.test', email_verified: false }, []],
    ['a look-alike domain', { email: 'a@evil-acme.test', email_verified: true }, []],
    ['the highest role of two rules', { email: 'a@acme.test', email_verified: true, groups: ['loupe-admins'] }, [['acme', 'admin']]],
    ['claim rules alone', { email: 'a@elsewhere.test', email_verified: true, groups: ['partners', 'loupe-admins'] }, [['acme', 'admin'], ['beta', 'member']]],
    ['nothing that matches', { email: 'a@elsewhere.test', email_verified: true, groups: ['other'] }, []],
  ])('%s', (_case, profile, expected) => {
    expect([...organizationTargets(profile, settings)]).toEqual(expected);
  });
});
