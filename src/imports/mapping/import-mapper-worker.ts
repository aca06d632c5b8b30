// The import mapping thread: parses and maps one batch post at a time, so the event loop only moves bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from '../../platform/thread-priority.js';
import { isBodyProblem } from '../batch-body.js';
import type { MappingThreadData, MapReply, MapRequest } from './mapping-protocol.js';
import { mapBody } from './map-body.js';

const port = parentPort;
if (!port) throw new Error('import-mapper-worker runs as a worker thread');
// Mapping is background work: on a busy machine another tenant's report and tracking go first (decision 0043).
lowerThisThread((workerData as MappingThreadData).niceness);
port.on('message', (request: MapRequest) => {
  let reply: MapReply;
  try {
    const mapped = mapBody(request);
    reply = isBodyProblem(mapped) ? { kind: 'refused', id: request.id, problem: mapped } : { kind: 'mapped', id: request.id, batch: mapped };
  } catch (error) {
    reply = { kind: 'failed', id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  // The packed lines move to the event loop without a copy.
  const moved = reply.kind === 'mapped' ? [reply.batch.events.lines.bytes.buffer, reply.batch.aggregates.lines.bytes.buffer] : [];
  port.postMessage(reply, [...new Set(moved)] as ArrayBuffer[]);
});
port.postMessage({ kind: 'ready' } satisfies MapReply);
