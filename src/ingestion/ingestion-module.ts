// Builds the ingestion side: the request-time steps, the durable intake and identity spools, the
// enrichment that turns spooled calls into rows, and the routes.
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../config.js';
import type { AnalyticsRow, AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { ApiKeyVerifier } from '../platform/http/api-key-verifier.js';
import type { AccessControl } from '../platform/http/access-control.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { SharedState } from '../platform/shared-state/create-shared-state.js';
import type { SiteRepository } from '../sites/index.js';
import { DailySalts } from './daily-salts.js';
import { countryGeolocatorOnFirstLookup, createGeolocator, type Geolocator } from '../classifiers/geolocator.js';
import { createEventBuffer, type EventBuffer, type EventBufferOptions } from './event-buffer/event-buffer.js';
import { listSegments } from './event-buffer/segment-file.js';
import { IdentifyService } from './identify-service.js';
import { intakeSink } from './enrichment/intake-sink.js';
import { createInlineEnricher, createWorkerEnricher, type Enricher } from './enrichment/enricher.js';
import { IngestionService } from './request/ingestion-service.js';
import type { Step } from './pipeline.js';
import { applyExclusions } from './request/apply-exclusions.js';
import { checkApiKey } from './request/check-api-key.js';
import { checkOrigin } from './request/check-origin.js';
import { excludeCountry } from './request/exclude-country.js';
import { resolveClient } from './request/resolve-client.js';
import { resolveSite } from './request/resolve-site.js';
import type { TrackContext } from './request/track-context.js';
import { trackRoutes } from './track.routes.js';
import { replaySink } from './replay/replay-sink.js';
import { ReplayService } from './replay/replay-service.js';
import { replayRecordRoutes } from './replay/replay.routes.js';

/** Who hears about stored human events (the webhook triggers). */
export interface StoredEventListener {
  /** Sites whose events the listener wants. */
  watchedSites(): Promise<ReadonlySet<number>>;
  /** Called once per watched human event after it is stored; must be idempotent by event_id. */
  onStored(row: AnalyticsRow): Promise<void>;
}

export interface IngestionModuleDeps {
  readonly config: AppConfig;
  readonly analytics: AnalyticsStore;
  readonly metadata: Kysely<MetadataDatabase>;
  readonly keys: ApiKeyVerifier;
  readonly access: AccessControl;
  readonly sites: SiteRepository;
  readonly shared: SharedState;
  readonly clock: () => number;
  readonly listener?: StoredEventListener;
  /** Buffer tuning (tests shorten the flush interval). */
  readonly buffer?: { readonly flushIntervalMs?: number; readonly maxPendingRows?: number; readonly maxBatchRows?: number };
  /** Hears each insert from a spool: the spool's name and the rows inserted (the metrics' batch sizes). */
  readonly onBatchInserted?: (spool: string, rows: number) => void;
}

export interface IngestionModule {
  readonly ingestion: IngestionService;
  /** Identity rows (the tracker's identify, the dashboard's identify and trait edits). */
  readonly identify: IdentifyService;
  /** Session replay batches (POST /api/session-replay/record/{site}). */
  readonly replay: ReplayService;
  readonly buffers: readonly EventBuffer[];
  /** Inserts everything acknowledged so far (tests call it before querying). */
  flush(): Promise<void>;
  /** SIGTERM: refuse new events, insert everything, stop. */
  close(): Promise<void>;
}

const NO_SITES: ReadonlySet<number> = new Set();

/** Spools of enriched rows, one per table, that versions before the intake spool wrote: replayed as they are. */
const LEGACY_SPOOLS = ['events', 'bot_events'] as const;

/** A spool directory left with segments in it (by an earlier version that stopped before inserting them). */
async function holdsSegments(dir: string): Promise<boolean> {
  try {
    return (await listSegments(dir)).length > 0;
  } catch {
    return false;
  }
}

/**
 * The request path's geolocator. With the enrichment thread (which opens its own) the event loop looks addresses up
 * only for sites that exclude countries, so without a city DB the bundled one is read at its first lookup.
 */
function eventLoopGeolocator(config: IngestionModuleDeps['config']): Promise<Geolocator> {
  if (config.enrichmentThread && !config.geoipCityDb) return Promise.resolve(countryGeolocatorOnFirstLookup());
  return createGeolocator(config.geoipCityDb ? { cityDbPath: config.geoipCityDb } : {});
}

/** The inline enricher shares the request path's geolocator; the worker thread opens its own when it starts. */
async function createEnricher(deps: IngestionModuleDeps, geolocator: Geolocator): Promise<Enricher> {
  const { config } = deps;
  const sources = {
    ...(config.geoipCityDb ? { geoipCityDb: config.geoipCityDb } : {}),
    ...(config.geoipAsnDb ? { geoipAsnDb: config.geoipAsnDb } : {}),
  };
  if (!config.enrichmentThread) return createInlineEnricher(geolocator, sources, deps.shared);
  return createWorkerEnricher({ ...sources, maxSessions: config.sessionsInMemoryMax, ...(config.redisUrl ? { redisUrl: config.redisUrl } : {}) });
}

/**
 * A spool segment is inserted every 2 s: each insert writes a part into `events` and into every table its views
 * feed, and merges them later, so fewer, larger inserts cost less CPU per event (in bench:ingest the server's went
 * from 114-125 to 95-100 µs, decision 0056). The open segment is still fdatasync'ed every second, so a power cut loses no
 * more than before (docs/durability.md); the reports see an event up to a second later.
 */
const FLUSH_INTERVAL_MS = 2_000;
const SYNC_INTERVAL_MS = 1_000;
/**
 * An insert costs the engine about 0.15-0.2 s of CPU however few its rows (decision 0082): at 1 call/s the server
 * spent about a tenth of a core, nearly all of it in inserts. So with the default interval a segment of fewer than
 * this many tracked calls stays open up to `lightTrafficInsertMs` (3.5 s by default, so the reports still count an
 * event within 5 s at p99). Traffic that fills it within the interval (500 calls/s and more) is inserted every 2 s.
 */
const LIGHT_TRAFFIC_ROWS = 1_000;

export async function registerIngestion(app: FastifyInstance, deps: IngestionModuleDeps): Promise<IngestionModule> {
  const bufferOptions = (name: string): EventBufferOptions => ({
    store: deps.analytics,
    table: name,
    dir: join(deps.config.dataDir, 'spool', name),
    maxPendingRows: deps.buffer?.maxPendingRows ?? 1_000_000,
    flushIntervalMs: deps.buffer?.flushIntervalMs ?? FLUSH_INTERVAL_MS,
    syncIntervalMs: SYNC_INTERVAL_MS,
    maxBatchRows: deps.buffer?.maxBatchRows ?? 50_000,
    logger: app.log,
    sync: deps.config.spoolSync,
    ...(deps.onBatchInserted ? { onBatchInserted: (rows: number) => deps.onBatchInserted?.(name, rows) } : {}),
  });
  const geolocator = await eventLoopGeolocator(deps.config);
  const enricher = await createEnricher(deps, geolocator);
  const listener = deps.listener;
  const lightTraffic = deps.buffer?.flushIntervalMs === undefined && deps.config.lightTrafficInsertMs > FLUSH_INTERVAL_MS;
  const intake = await createEventBuffer({
    ...bufferOptions('intake'),
    ...(lightTraffic ? { quietSegment: { minRows: LIGHT_TRAFFIC_ROWS, maxAgeMs: deps.config.lightTrafficInsertMs } } : {}),
    sink: intakeSink({
      store: deps.analytics,
      enricher,
      watchedSites: listener ? () => listener.watchedSites() : async () => NO_SITES,
      onStored: listener ? (row) => listener.onStored(row) : async () => undefined,
      onEnriched: (counts) => {
        if (counts.skipped > 0) app.log.error({ skipped: counts.skipped }, 'skipped damaged lines of the intake spool');
      },
    }),
  });
  const identities = await createEventBuffer(bufferOptions('user_identities'));
  // Replay batches are large (a full snapshot is hundreds of kilobytes): a segment is sealed at fewer of them.
  const replaySpool = await createEventBuffer({
    ...bufferOptions('replay'),
    maxBatchRows: Math.min(deps.buffer?.maxBatchRows ?? 500, 500),
    maxPendingRows: Math.min(deps.buffer?.maxPendingRows ?? 20_000, 20_000),
    sink: replaySink({
      store: deps.analytics,
      enricher,
      onEnriched: (replay) => {
        if (replay.skipped > 0) app.log.error({ skipped: replay.skipped }, 'skipped damaged lines of the replay spool');
        if (replay.overLimit > 0) app.log.info({ batches: replay.overLimit }, 'replay batches past their session\'s recording limit not stored');
      },
    }),
  });
  const legacy: EventBuffer[] = [];
  for (const table of LEGACY_SPOOLS) {
    if (await holdsSegments(join(deps.config.dataDir, 'spool', table))) legacy.push(await createEventBuffer(bufferOptions(table)));
  }
  const gate: Step<TrackContext>[] = [
    resolveSite(deps.sites),
    checkApiKey({ keys: deps.keys, access: deps.access, rateLimiter: deps.shared.rateLimiter, limit: deps.config.apiKeyRateLimit }),
    checkOrigin({ disabled: deps.config.disableOriginCheck }),
    resolveClient({ trustProxy: deps.config.trustProxy }),
  ];
  const ingestion = new IngestionService({
    steps: [...gate, applyExclusions(), excludeCountry(geolocator)],
    intake,
    salts: new DailySalts(deps.metadata),
    clock: deps.clock,
  });
  const identify = new IdentifyService({ steps: gate, identities, clock: deps.clock });
  const replay = new ReplayService({ steps: [...gate, applyExclusions(), excludeCountry(geolocator)], spool: replaySpool, salts: new DailySalts(deps.metadata), clock: deps.clock });
  await app.register(trackRoutes, { ingestion, identify });
  await app.register(replayRecordRoutes, { replay });
  const buffers = [intake, identities, replaySpool, ...legacy];
  return {
    ingestion,
    identify,
    replay,
    buffers,
    async flush() {
      await Promise.all(buffers.map((buffer) => buffer.flush()));
    },
    async close() {
      await Promise.all(buffers.map((buffer) => buffer.flushAndClose()));
      await enricher.close();
    },
  };
}
