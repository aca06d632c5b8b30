// Builds the ingestion side: durable buffers, enrichment, the ordered tracking steps, and the routes.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.js';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { Auth } from '../platform/auth/create-auth.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { SharedState } from '../platform/shared-state/create-shared-state.js';
import type { SiteRepository } from '../sites/site.repository.js';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { createBotDetectorDeps } from './bots/detect-bot.js';
import { openMmdbAsnLookup } from './bots/asn-lookup.js';
import { createGeolocator } from './enrichment/geolocate.js';
import { createEventBuffer, type EventBuffer } from './event-buffer/event-buffer.js';
import { DailySalts } from './daily-salts.js';
import { IdentifyService } from './identify-service.js';
import { IngestionService, type StoredEventListener } from './ingestion-service.js';
import type { Step } from './pipeline.js';
import type { TrackContext } from './track-context.js';
import { trackRoutes } from './track.routes.js';
import { applyExclusions } from './steps/apply-exclusions.js';
import { assignSession } from './steps/assign-session.js';
import { checkApiKey } from './steps/check-api-key.js';
import { checkOrigin } from './steps/check-origin.js';
import { classifyChannel } from './steps/classify-channel.js';
import { detectBot } from './steps/detect-bot.js';
import { geolocate } from './steps/geolocate.js';
import { parseUserAgent } from './steps/parse-user-agent.js';
import { resolveClient } from './steps/resolve-client.js';
import { resolveSite } from './steps/resolve-site.js';

export interface IngestionModuleDeps {
  readonly config: AppConfig;
  readonly analytics: AnalyticsStore;
  readonly metadata: Kysely<MetadataDatabase>;
  readonly auth: Auth;
  readonly access: AccessControl;
  readonly sites: SiteRepository;
  readonly shared: SharedState;
  readonly clock: () => number;
  readonly onStored?: StoredEventListener;
  /** Buffer tuning (tests shorten the flush interval). */
  readonly buffer?: { readonly flushIntervalMs?: number; readonly maxPendingRows?: number; readonly maxBatchRows?: number };
}

export interface IngestionModule {
  readonly ingestion: IngestionService;
  readonly buffers: readonly EventBuffer[];
  /** Inserts everything acknowledged so far (tests call it before querying). */
  flush(): Promise<void>;
  /** SIGTERM: refuse new events, insert everything, stop. */
  close(): Promise<void>;
}

export async function registerIngestion(app: FastifyInstance, deps: IngestionModuleDeps): Promise<IngestionModule> {
  const openBuffer = (table: string) =>
    createEventBuffer({
      store: deps.analytics,
      table,
      dir: join(deps.config.dataDir, 'spool', table),
      maxPendingRows: deps.buffer?.maxPendingRows ?? 1_000_000,
      flushIntervalMs: deps.buffer?.flushIntervalMs ?? 1_000,
      maxBatchRows: deps.buffer?.maxBatchRows ?? 50_000,
      logger: app.log,
    });
  const [events, botEvents, identities] = await Promise.all([openBuffer('events'), openBuffer('bot_events'), openBuffer('user_identities')]);
  const geolocator = await createGeolocator(deps.config.geoipCityDb ? { cityDbPath: deps.config.geoipCityDb } : {});
  const gate: Step<TrackContext>[] = [
    resolveSite(deps.sites),
    checkApiKey({ auth: deps.auth, access: deps.access, rateLimiter: deps.shared.rateLimiter, limit: deps.config.apiKeyRateLimit }),
    checkOrigin({ disabled: deps.config.disableOriginCheck }),
    resolveClient({ trustProxy: deps.config.trustProxy }),
  ];
  const steps: Step<TrackContext>[] = [
    ...gate,
    applyExclusions(),
    parseUserAgent(),
    geolocate(geolocator),
    detectBot(createBotDetectorDeps({ lookupAsn: await openMmdbAsnLookup(deps.config.geoipAsnDb) })),
    classifyChannel(),
    assignSession({ sessions: deps.shared.sessions, salts: new DailySalts(deps.metadata) }),
  ];
  const ingestion = new IngestionService({ steps, events, botEvents, clock: deps.clock, ...(deps.onStored ? { onStored: deps.onStored } : {}) });
  const identify = new IdentifyService({ steps: gate, identities, clock: deps.clock });
  await app.register(trackRoutes, { ingestion, identify });
  const buffers = [events, botEvents, identities];
  return {
    ingestion,
    buffers,
    async flush() {
      await Promise.all(buffers.map((buffer) => buffer.flush()));
    },
    async close() {
      await Promise.all(buffers.map((buffer) => buffer.flushAndClose()));
    },
  };
}
