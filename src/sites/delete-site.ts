// Deleting a site removes its metadata row and, in the background, its analytics rows.
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { SiteRepository } from './site.repository.js';
import type { Site } from './site.js';

const ANALYTICS_TABLES = ['events', 'sessions', 'page_visits', 'page_views_by_kind', 'user_days', 'performance_events', 'action_events', 'bot_events', 'user_identities', 'imported_aggregates', 'session_replay_batches', 'session_replay_metadata', 'session_link_runs'] as const;

export async function deleteSiteEverywhere(site: Site, sites: SiteRepository, analytics: AnalyticsStore, log: FastifyBaseLogger): Promise<void> {
  await sites.delete(site);
  for (const table of ANALYTICS_TABLES) {
    // Site ids are never reused, so a slow analytics delete cannot leak rows into another site.
    analytics.command(`DELETE FROM ${table} WHERE site_id = {siteId:UInt32}`, { siteId: site.siteId }).catch((err: unknown) => {
      log.warn({ err, siteId: site.siteId, table }, 'analytics rows of a deleted site could not be removed yet');
    });
  }
}
