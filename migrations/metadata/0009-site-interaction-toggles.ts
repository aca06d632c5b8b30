// Sites gain four tracker toggles, off by default: button clicks, copy, form submit and input change.
// Settings are a JSON text column: each stored site gets the keys it lacks written as false.
import { sql, type Kysely } from 'kysely';

const NEW_TOGGLES = ['trackButtonClicks', 'trackCopy', 'trackFormSubmit', 'trackInputChange'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const sites = await sql<{ site_id: number; settings: string }>`select site_id, settings from sites`.execute(db);
  for (const site of sites.rows) {
    const settings = JSON.parse(site.settings) as Record<string, unknown>;
    const missing = NEW_TOGGLES.filter((name) => !(name in settings));
    if (missing.length === 0) continue;
    for (const name of missing) settings[name] = false;
    await sql`update sites set settings = ${JSON.stringify(settings)} where site_id = ${site.site_id}`.execute(db);
  }
}
