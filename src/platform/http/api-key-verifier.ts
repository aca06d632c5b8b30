// API key -> principal: better-auth verifies the key (hash lookup, enabled, expiry); a recent success is reused
// from the verified-key cache, which every change to any key empties.
import type { Auth } from '../auth/create-auth.js';
import { ORG_KEY_CONFIG } from '../auth/create-auth.js';
import type { VerifiedKeyCache } from '../auth/verified-key-cache.js';
import { UnauthorizedError } from './app-errors.js';
import type { KeyPermissions, Principal } from './principal.js';

export type KeyPrincipal = Exclude<Principal, { kind: 'session' }>;

export interface ApiKeyVerifier {
  /** The key's principal; throws UnauthorizedError (401) for an unknown, disabled or expired key. */
  verify(key: string): Promise<KeyPrincipal>;
}

interface VerifiedKey {
  readonly id: string;
  readonly configId: string;
  readonly referenceId: string;
  readonly permissions: unknown;
  readonly expiresAt?: Date | string | null;
}

function toPermissions(value: unknown): KeyPermissions {
  if (value === null || value === undefined) return null;
  const parsed: unknown = typeof value === 'string' ? JSON.parse(value) : value;
  if (typeof parsed !== 'object' || parsed === null) return null;
  const entries = Object.entries(parsed as Record<string, unknown>).map(
    ([resource, actions]) => [resource, Array.isArray(actions) ? actions.map(String) : []] as const,
  );
  return entries.length === 0 ? null : Object.fromEntries(entries);
}

function expiryOf(key: VerifiedKey): number | null {
  if (key.expiresAt === null || key.expiresAt === undefined) return null;
  const at = new Date(key.expiresAt).getTime();
  return Number.isFinite(at) ? at : null;
}

async function verifyWithAuth(auth: Auth, key: string): Promise<{ principal: KeyPrincipal; expiresAt: number | null }> {
  const result = await auth.api.verifyApiKey({ body: { key } });
  const verified = result.key as VerifiedKey | null;
  if (!result.valid || !verified) {
    const code = result.error?.code;
    const message =
      code === 'KEY_EXPIRED' ? 'API key expired' : code === 'KEY_DISABLED' ? 'API key disabled' : 'Invalid API key';
    throw new UnauthorizedError(message);
  }
  const permissions = toPermissions(verified.permissions);
  const principal: KeyPrincipal =
    verified.configId === ORG_KEY_CONFIG
      ? { kind: 'organizationKey', organizationId: verified.referenceId, keyId: verified.id, permissions }
      : { kind: 'userKey', userId: verified.referenceId, keyId: verified.id, permissions };
  return { principal, expiresAt: expiryOf(verified) };
}

/** Failed verifications are never cached: a 401 always reflects the store. */
export function createApiKeyVerifier(auth: Auth, cache: VerifiedKeyCache<KeyPrincipal>): ApiKeyVerifier {
  return {
    async verify(key) {
      const known = cache.get(key);
      if (known) return known;
      const { principal, expiresAt } = await verifyWithAuth(auth, key);
      cache.set(key, principal, expiresAt);
      return principal;
    },
  };
}
