// Private links of sites: generate, read back, revoke, and check a presented key (the x-private-key header); an
// optional password, whose proof (the x-private-link-proof header) must come with the key once it is set.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { PrivateLinkCheck } from '../platform/http/access-control.js';
import type { SecretBox } from '../platform/secret-box.js';
import { hashLinkPassword, linkPasswordMatches } from './link-password.js';

/**
 * 48 random bits as 12 lowercase hex characters: the form Rybbit's web app recognises in its
 * `/{site}/{key}` paths (decision 0024). Keys issued earlier (32 hex characters) keep working: a presented key is
 * compared with the stored digest whatever its length.
 */
const KEY_BYTES = 6;
/** A presented key longer than this is no key of ours: refused without hashing it. */
const MAX_PRESENTED_LENGTH = 128;
/** How long a proof of the password opens the link (a reader enters it again after). */
export const PROOF_LIFETIME_MS = 12 * 3600 * 1000;

function digestOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

interface StoredLink {
  readonly key_digest: string;
  readonly password_hash: string | null;
}

/** What a presented key and password amount to. */
export type UnlockResult =
  | { readonly kind: 'no-link' }
  | { readonly kind: 'open'; readonly passwordRequired: false }
  | { readonly kind: 'password-needed' }
  | { readonly kind: 'wrong-password' }
  | { readonly kind: 'unlocked'; readonly proof: string; readonly expiresAt: string };

export class PrivateLinks implements PrivateLinkCheck {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly box: SecretBox,
    /** Signs proofs of a password (derived from the instance secret). */
    private readonly proofKey: Buffer,
    /** The app's clock: proofs expire by it. */
    private readonly clock: () => number = Date.now,
  ) {}

  /** The site's current key, or null when it has none. */
  async current(siteId: number): Promise<string | null> {
    const row = await this.db.selectFrom('site_private_links').select('sealed_key').where('site_id', '=', siteId).executeTakeFirst();
    return row ? this.box.open(row.sealed_key) : null;
  }

  /** Whether the site's link asks for a password (false when it has no link). */
  async hasPassword(siteId: number): Promise<boolean> {
    const row = await this.db.selectFrom('site_private_links').select('password_hash').where('site_id', '=', siteId).executeTakeFirst();
    return row?.password_hash !== null && row?.password_hash !== undefined;
  }

  /** A new key for the site; the previous one (if any) stops working at once. A password set before stays. */
  async generate(siteId: number, now: Date): Promise<string> {
    const key = randomBytes(KEY_BYTES).toString('hex');
    const values = { key_digest: digestOf(key).toString('hex'), sealed_key: this.box.seal(key), created_at: now.toISOString() };
    await this.db
      .insertInto('site_private_links')
      .values({ site_id: siteId, ...values })
      .onConflict((conflict) => conflict.column('site_id').doUpdateSet(values))
      .execute();
    return key;
  }

  async revoke(siteId: number): Promise<void> {
    await this.db.deleteFrom('site_private_links').where('site_id', '=', siteId).execute();
  }

  /** Sets (or with null removes) the link's password; false when the site has no link. Earlier proofs stop working. */
  async setPassword(siteId: number, password: string | null): Promise<boolean> {
    const passwordHash = password === null ? null : await hashLinkPassword(password);
    const result = await this.db.updateTable('site_private_links').set({ password_hash: passwordHash }).where('site_id', '=', siteId).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Checks a key and, when the link has a password, the password; a right one gets a proof for PROOF_LIFETIME_MS. */
  async unlock(siteId: number, key: string, password: string | undefined): Promise<UnlockResult> {
    const link = await this.matchingLink(siteId, key);
    if (!link) return { kind: 'no-link' };
    if (link.password_hash === null) return { kind: 'open', passwordRequired: false };
    if (password === undefined) return { kind: 'password-needed' };
    if (!(await linkPasswordMatches(password, link.password_hash))) return { kind: 'wrong-password' };
    const expiresMs = this.clock() + PROOF_LIFETIME_MS;
    return { kind: 'unlocked', proof: `${expiresMs}.${this.mac(siteId, link, expiresMs)}`, expiresAt: new Date(expiresMs).toISOString() };
  }

  /**
   * True when `key` is the site's current private link key (compared in constant time over digests) and, when the
   * link has a password, `proof` is an unexpired proof of it for this key and this password.
   */
  async opens(siteId: number, key: string, proof?: string): Promise<boolean> {
    const link = await this.matchingLink(siteId, key);
    if (!link) return false;
    if (link.password_hash === null) return true;
    return proof !== undefined && this.proofHolds(siteId, link, proof, this.clock());
  }

  private async matchingLink(siteId: number, key: string): Promise<StoredLink | undefined> {
    if (key.length === 0 || key.length > MAX_PRESENTED_LENGTH) return undefined;
    const row = await this.db.selectFrom('site_private_links').select(['key_digest', 'password_hash']).where('site_id', '=', siteId).executeTakeFirst();
    if (!row) return undefined;
    const stored = Buffer.from(row.key_digest, 'hex');
    const presented = digestOf(key);
    return stored.length === presented.length && timingSafeEqual(stored, presented) ? row : undefined;
  }

  /** The proof's signature covers the site, the key's digest, the password's hash and the expiry. */
  private mac(siteId: number, link: StoredLink, expiresMs: number): string {
    return createHmac('sha256', this.proofKey).update(`${siteId}|${link.key_digest}|${link.password_hash ?? ''}|${expiresMs}`).digest('base64url');
  }

  private proofHolds(siteId: number, link: StoredLink, proof: string, nowMs: number): boolean {
    const dot = proof.indexOf('.');
    if (dot <= 0 || proof.length > 200) return false;
    const expiresMs = Number(proof.slice(0, dot));
    if (!Number.isSafeInteger(expiresMs) || expiresMs <= nowMs) return false;
    const expected = Buffer.from(this.mac(siteId, link, expiresMs));
    const presented = Buffer.from(proof.slice(dot + 1));
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  }
}
