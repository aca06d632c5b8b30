// Writes a generated data set into the analytics store, inserting one chunk while the next is generated.
import type { AnalyticsStore, QueryParams } from '../../src/platform/analytics-store/analytics-store.js';
import { EventStream, botRowsFor, type Chunk } from './event-stream.js';
import type { Catalog } from './load-catalog.js';
import { createStagingSql, expandStagingSql, expansionParams, stagingTableName } from './staging-table.js';

export interface GenerateOptions {
  readonly siteId: number;
  readonly events: number;
  readonly days: number;
  readonly seed: number;
  /** End of the period in ms since epoch; defaults to now. */
  readonly endMs?: number | undefined;
  /** Event rows per insert; defaults to 200,000. */
  readonly chunkSize?: number | undefined;
  /** Share of bot rows in all traffic; defaults to 0.03. */
  readonly botShare?: number | undefined;
  /** Data tables; defaults to scripts/generate-events/data. */
  readonly catalog?: Catalog | undefined;
}

export interface GenerateSummary {
  readonly events: number;
  readonly sessions: number;
  readonly newVisitors: number;
  readonly identifiedUsers: number;
  readonly botEvents: number;
  readonly seconds: number;
  /** Rows of both tables written per second. */
  readonly rowsPerSecond: number;
}

/** Called as chunks are written: rows written so far (events + bots) out of the total. */
export type ProgressListener = (written: number, total: number) => void;

export const DEFAULT_CHUNK_SIZE = 200_000;
export const DEFAULT_BOT_SHARE = 0.03;

interface Writer {
  readonly store: AnalyticsStore;
  readonly staging: string;
  readonly expansionParams: QueryParams;
}

/** Session records go to the staging table, are expanded into `events`, and the staging table is emptied. */
async function writeChunk(writer: Writer, chunk: Chunk): Promise<number> {
  const { store, staging } = writer;
  if (chunk.sessions.length > 0) {
    await store.insert(staging, chunk.sessions);
    await store.command(expandStagingSql(staging), writer.expansionParams);
    await store.command(`TRUNCATE TABLE ${staging}`);
  }
  if (chunk.bots.length > 0) await store.insert('bot_events', chunk.bots);
  return chunk.events + chunk.bots.length;
}

function createStream(options: GenerateOptions): EventStream {
  const streamOptions = {
    siteId: options.siteId,
    events: options.events,
    days: options.days,
    seed: options.seed,
    endMs: options.endMs ?? Date.now(),
    chunkSize: options.chunkSize ?? DEFAULT_CHUNK_SIZE,
    botShare: options.botShare ?? DEFAULT_BOT_SHARE,
  };
  return options.catalog ? new EventStream(streamOptions, options.catalog) : new EventStream(streamOptions);
}

/** Generates and inserts the data set; the store must already be migrated. */
export async function generateEvents(
  store: AnalyticsStore,
  options: GenerateOptions,
  onProgress: ProgressListener = () => undefined,
): Promise<GenerateSummary> {
  const started = performance.now();
  const stream = createStream(options);
  const total = options.events + botRowsFor(options.events, options.botShare ?? DEFAULT_BOT_SHARE);
  const writer: Writer = { store, staging: stagingTableName(process.pid), expansionParams: expansionParams(stream.pages.pages) };
  await store.command(createStagingSql(writer.staging));
  await store.command(`TRUNCATE TABLE ${writer.staging}`);
  let written = 0;
  let pending: Promise<number> = Promise.resolve(0);
  try {
    onProgress(0, total);
    for await (const chunk of stream.chunks()) {
      written += await pending;
      onProgress(written, total);
      // The rows are serialised now; the engine parses and expands them while the next chunk is generated.
      pending = writeChunk(writer, chunk);
      pending.catch(() => undefined);
    }
    written += await pending;
    onProgress(written, total);
  } finally {
    await pending.catch(() => 0);
    await store.command(`DROP TABLE IF EXISTS ${writer.staging}`);
  }
  const seconds = (performance.now() - started) / 1000;
  const { stats } = stream;
  return {
    events: stats.events,
    sessions: stats.sessions,
    newVisitors: stats.newVisitors,
    identifiedUsers: stats.identifiedUsers,
    botEvents: stats.bots,
    seconds,
    rowsPerSecond: seconds > 0 ? (stats.events + stats.bots) / seconds : 0,
  };
}
