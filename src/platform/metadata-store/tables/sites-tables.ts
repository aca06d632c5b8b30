// Kysely table types of the metadata store: sites, their private links and the daily salts.
import type { ColumnType, Generated } from 'kysely';

export interface SitesTable {
  site_id: Generated<number>;
  id: string;
  organization_id: string;
  domain: string;
  name: string;
  /** JSON of SiteSettings. */
  settings: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

/** One private link per site (migration 0010): a digest to check requests, the key sealed for admins. */
export interface SitePrivateLinksTable {
  site_id: number;
  key_digest: string;
  sealed_key: string;
  created_at: string;
  /** scrypt hash of the link's password (migration 0026); null: the key alone opens the link. */
  password_hash: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface DailySaltsTable {
  day: string;
  salt: string;
  created_at: string;
}
