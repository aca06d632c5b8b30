// Who is calling: a signed-in user (cookie), a user API key, or an organization API key.

/** Key permissions: resource -> actions, e.g. { analytics: ['read'] }. Null means the owner's full access. */
export type KeyPermissions = Readonly<Record<string, readonly string[]>> | null;

export type Principal =
  | { readonly kind: 'session'; readonly userId: string }
  | { readonly kind: 'userKey'; readonly userId: string; readonly keyId: string; readonly permissions: KeyPermissions }
  | {
      readonly kind: 'organizationKey';
      readonly organizationId: string;
      readonly keyId: string;
      readonly permissions: KeyPermissions;
    };

/** A scope such as `analytics:read`. */
export type Scope = `${string}:${string}`;

/** True when the principal's key permits `scope` (sessions and keys without permissions permit all). */
export function principalHasScope(principal: Principal, scope: Scope): boolean {
  if (principal.kind === 'session' || principal.permissions === null) return true;
  const [resource, action] = scope.split(':') as [string, string];
  return principal.permissions[resource]?.includes(action) ?? false;
}

export function principalUserId(principal: Principal): string | undefined {
  return principal.kind === 'organizationKey' ? undefined : principal.userId;
}
