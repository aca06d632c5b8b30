// Private links of sites: generate, read back, revoke, and check a presented key (the x-private-key header).
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { PrivateLinkCheck } from '../platform/http/access-control.js';
import type { SecretBox } from '../platform/secret-box.js';

/**
 * 48 random bits as 12 lowercase hex characters: the form the origin service's web app recognises in its
 * `/{site}/{key}` paths (decision 0024). Keys issued earlier (32 hex characters) keep working: a presented key is
 * compared with the stored digest whatever its length.
 */
const KEY_BYTES = 6;
/** A presented key longer than this is no key of ours: refused without hashing it. */
const MAX_PRESENTED_LENGTH = 128;

function digestOf(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

export class PrivateLinks implements PrivateLinkCheck {
  constructor(
    private readonly db: Kysely<MetadataDatabase>,
    private readonly box: SecretBox,
  ) {}

  /** The site's current key, or null when it has none. */
  async current(siteId: number): Promise<string | null> {
    const row = await this.db.selectFrom('site_private_links').select('sealed_key').where('site_id', '=', siteId).executeTakeFirst();
    return row ? this.box.open(row.sealed_key) : null;
  }

  /** A new key for the site; the previous one (if any) stops working at once. */
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

  /** True when `key` is the site's current private link key (compared in constant time over digests). */
  async opens(siteId: number, key: string): Promise<boolean> {
    if (key.length === 0 || key.length > MAX_PRESENTED_LENGTH) return false;
    const row = await this.db.selectFrom('site_private_links').select('key_digest').where('site_id', '=', siteId).executeTakeFirst();
    if (!row) return false;
    const stored = Buffer.from(row.key_digest, 'hex');
    const presented = digestOf(key);
    return stored.length === presented.length && timingSafeEqual(stored, presented);
  }
}
