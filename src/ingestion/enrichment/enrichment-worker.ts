// The enrichment thread: builds the steps once, then turns each segment it is sent into rows, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { createSharedState } from '../../platform/shared-state/create-shared-state.js';
import { createGeolocator } from '../../classifiers/geolocator.js';
import { createBatchEnricher } from './enrich-batch.js';
import { createEnrichmentSteps, createReplaySteps } from './enrichment-steps.js';
import { createReplayEnricher } from '../replay/enrich-replay.js';
import { parseWorkerRequest, type WorkerReply, type WorkerSettings } from './enrichment-protocol.js';

function transferablesOf(reply: WorkerReply): ArrayBuffer[] {
  if (reply.kind === 'enriched') return [reply.batch.events.buffer, reply.batch.botEvents.buffer];
  if (reply.kind === 'replayed') return [reply.replay.batches.buffer, reply.replay.metadata.buffer];
  return [];
}

async function main(): Promise<void> {
  const port = parentPort;
  if (!port) throw new Error('enrichment-worker runs as a worker thread');
  const settings = workerData as WorkerSettings;
  const shared = createSharedState(settings.redisUrl, settings.maxSessions);
  const geolocator = await createGeolocator(settings.geoipCityDb ? { cityDbPath: settings.geoipCityDb } : {});
  const enrichBatch = createBatchEnricher(await createEnrichmentSteps(geolocator, settings, shared));
  const enrichReplay = createReplayEnricher(await createReplaySteps(geolocator, settings, shared));
  // One segment at a time, in arrival order: sessions depend on the order of a visitor's events.
  let queue = Promise.resolve();
  port.on('message', (message: unknown) => {
    const request = parseWorkerRequest(message);
    if (request.kind === 'close') {
      queue = queue.then(async () => {
        await shared.close();
        process.exit(0);
      });
      return;
    }
    queue = queue.then(async () => {
      let reply: WorkerReply;
      try {
        reply = request.kind === 'replay'
          ? { kind: 'replayed', id: request.id, replay: await enrichReplay(request.segment) }
          : { kind: 'enriched', id: request.id, batch: await enrichBatch(request.segment, new Set(request.watchedSites)) };
      } catch (error) {
        reply = { kind: 'failed', id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      // The rows' bytes move to the event loop without a copy.
      port.postMessage(reply, transferablesOf(reply));
    });
  });
  port.postMessage({ kind: 'ready' } satisfies WorkerReply);
}

void main();
