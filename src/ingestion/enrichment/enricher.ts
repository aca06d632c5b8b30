// Where enrichment runs: on a worker thread (the default, so the event loop only parses, checks and
// spools), or inline on the calling thread. Both run the same steps over the same segments.
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { bundledFile } from '../../platform/server-bundle.js';
import type { SharedState } from '../../platform/shared-state/create-shared-state.js';
import type { Geolocator } from '../../classifiers/geolocator.js';
import { createBatchEnricher, type BatchEnricher, type EnrichedBatch } from './enrich-batch.js';
import { createEnrichmentSteps, createReplaySteps, type EnrichmentSources } from './enrichment-steps.js';
import { createReplayEnricher, type EnrichedReplay } from '../replay/enrich-replay.js';
import { ownedBytes } from './owned-bytes.js';
import { parseWorkerReply, type EnrichRequest, type ReplayRequest, type WorkerReply, type WorkerSettings } from './enrichment-protocol.js';

export interface Enricher {
  enrich(segment: Buffer, watchedSites: ReadonlySet<number>): Promise<EnrichedBatch>;
  /** A replay spool segment as rows, its batches in the sessions `enrich` assigns (the same store, in order). */
  enrichReplay(segment: Buffer): Promise<EnrichedReplay>;
  close(): Promise<void>;
}

/** Enrichment on the calling thread, with the process's geolocator, session store and counters. */
export async function createInlineEnricher(geolocator: Geolocator, sources: EnrichmentSources, shared: Pick<SharedState, 'sessions' | 'slidingCounter'>): Promise<Enricher> {
  const enrichBatch: BatchEnricher = createBatchEnricher(await createEnrichmentSteps(geolocator, sources, shared));
  const enrichReplay = createReplayEnricher(await createReplaySteps(geolocator, sources, shared));
  return {
    enrich: enrichBatch,
    enrichReplay,
    close: async () => undefined,
  };
}

const WORKER_ENTRY = new URL(`./enrichment-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/**
 * From the bundle (`npm start`) the thread runs its own bundled entry; under tsx (TypeScript sources) it
 * registers the same loader before importing its entry, which costs a loader thread and ~25 MB more.
 */
export function spawnWorker(settings: WorkerSettings): Worker {
  const bundled = bundledFile('enrichment-worker.js');
  if (bundled) return new Worker(pathToFileURL(bundled), { workerData: settings });
  if (!WORKER_ENTRY.pathname.endsWith('.ts')) return new Worker(WORKER_ENTRY, { workerData: settings });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); })`;
  return new Worker(boot, { eval: true, workerData: settings });
}

interface Pending {
  resolve(reply: WorkerReply): void;
  reject(error: Error): void;
}

/**
 * Enrichment on one worker thread, which keeps its own session store and counters (Redis when REDIS_URL is set).
 * The first call starts the thread. Should it die, the segments in flight fail (their sink call is retried) and the
 * next call starts a new one.
 */
class WorkerEnricher implements Enricher {
  private worker: Worker | null = null;
  private ready: Promise<void> | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;
  private closed = false;

  constructor(private readonly settings: WorkerSettings, private readonly spawn: (settings: WorkerSettings) => Worker) {}

  private start(): Promise<void> {
    if (this.ready) return this.ready;
    const worker = this.spawn(this.settings);
    this.worker = worker;
    this.ready = new Promise<void>((resolve, reject) => {
      worker.on('message', (message: unknown) => {
        let reply: WorkerReply;
        try {
          reply = parseWorkerReply(message);
        } catch (error) {
          // Not a reply this side knows: the thread is out of step, so end it; pending segments are retried.
          this.failAll(error instanceof Error ? error : new Error(String(error)));
          void worker.terminate();
          return;
        }
        if (reply.kind === 'ready') return resolve();
        const waiting = this.pending.get(reply.id);
        if (!waiting) return;
        this.pending.delete(reply.id);
        if (reply.kind === 'failed') waiting.reject(new Error(`enrichment failed: ${reply.error}`));
        else waiting.resolve(reply);
      });
      worker.on('error', (error) => {
        reject(error);
        this.failAll(error);
      });
      worker.on('exit', (code) => {
        reject(new Error(`the enrichment thread exited with code ${code}`));
        this.failAll(new Error(`the enrichment thread exited with code ${code}`));
        if (this.worker === worker) {
          this.worker = null;
          this.ready = null;
        }
      });
    });
    return this.ready;
  }

  private failAll(error: Error): void {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    for (const entry of waiting) entry.reject(error);
  }

  async enrich(segment: Buffer, watchedSites: ReadonlySet<number>): Promise<EnrichedBatch> {
    const bytes = ownedBytes(segment);
    const reply = await this.ask((id) => ({ kind: 'enrich', id, segment: bytes, watchedSites: [...watchedSites] }), bytes);
    if (reply.kind !== 'enriched') throw new Error('the enrichment thread answered out of step');
    return reply.batch;
  }

  async enrichReplay(segment: Buffer): Promise<EnrichedReplay> {
    const bytes = ownedBytes(segment);
    const reply = await this.ask((id) => ({ kind: 'replay', id, segment: bytes }), bytes);
    if (reply.kind !== 'replayed') throw new Error('the enrichment thread answered out of step');
    return reply.replay;
  }

  private async ask(request: (id: number) => EnrichRequest | ReplayRequest, bytes: Uint8Array<ArrayBuffer>): Promise<WorkerReply> {
    if (this.closed) throw new Error('the enricher is closed');
    await this.start();
    const worker = this.worker;
    if (!worker) throw new Error('the enrichment thread is not running');
    const id = this.nextId++;
    return new Promise<WorkerReply>((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.postMessage(request(id), [bytes.buffer]);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    const worker = this.worker;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.postMessage({ kind: 'close' });
    await exited;
  }
}

/**
 * The thread starts with the first segment to enrich, not with the server: its heap, modules and the
 * geolocation and user-agent tables (~40 MB resident) are not held by an instance that has received no event
 * since it started (decision 0040). Its start-up (well under a second) then delays that first segment only.
 */
export function createWorkerEnricher(settings: WorkerSettings, spawn: (settings: WorkerSettings) => Worker = spawnWorker): Enricher {
  return new WorkerEnricher(settings, spawn);
}
