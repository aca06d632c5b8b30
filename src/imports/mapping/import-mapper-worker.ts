// The import mapping thread: parses and maps one batch post at a time, and reads uploaded files batch by batch,
// so the event loop only moves bytes.
import { parentPort, workerData } from 'node:worker_threads';
import { lowerThisThread } from '../../platform/thread-priority.js';
import { isBodyProblem } from '../batch-body.js';
import { bodyBatches } from '../file-batches.js';
import { ImportFileError } from '../files/import-file-error.js';
import { movable, type MappingThreadData, type MapReply, type MapRequest, type ReadBatch, type ReadRequest, type ThreadRequest } from './mapping-protocol.js';
import { mapBody } from './map-body.js';

const port = parentPort;
if (!port) throw new Error('import-mapper-worker runs as a worker thread');
// Mapping and reading are background work: on a busy machine another tenant's report and tracking go first (decision 0043).
lowerThisThread((workerData as MappingThreadData).niceness);

/** The files being read, by reading id: each waits at its next batch until the event loop asks for it. */
const readings = new Map<number, AsyncGenerator<ReadBatch>>();

function map(request: MapRequest): MapReply {
  const mapped = mapBody(request);
  return isBodyProblem(mapped) ? { kind: 'refused', id: request.id, problem: mapped } : { kind: 'mapped', id: request.id, batch: mapped };
}

async function read(request: ReadRequest): Promise<MapReply> {
  if (request.kind === 'open') readings.set(request.reading, bodyBatches(request.file));
  const reading = readings.get(request.reading);
  if (!reading) return { kind: 'failed', id: request.id, error: 'the file is not being read (the mapping thread was restarted)' };
  try {
    const next = await reading.next();
    if (next.done === true || next.value.isLastBatch) readings.delete(request.reading);
    if (next.done === true) return { kind: 'failed', id: request.id, error: 'the file was read to its end already' };
    return { kind: 'batch', id: request.id, batch: { ...next.value, payload: movable(next.value.payload) } };
  } catch (error) {
    readings.delete(request.reading);
    if (error instanceof ImportFileError) return { kind: 'unreadable', id: request.id, where: error.where, reason: error.reason };
    throw error;
  }
}

function reply(message: MapReply): void {
  // The packed lines and read bodies move to the event loop without a copy.
  const moved =
    message.kind === 'mapped' ? [message.batch.events.lines.bytes.buffer, message.batch.aggregates.lines.bytes.buffer]
      : message.kind === 'batch' ? [message.batch.payload.buffer] : [];
  port?.postMessage(message, [...new Set(moved)] as ArrayBuffer[]);
}

const failed = (id: number, error: unknown): MapReply => ({ kind: 'failed', id, error: error instanceof Error ? error.message : String(error) });

port.on('message', (request: ThreadRequest) => {
  if (request.kind === 'stop') {
    // Closes the file; a read still under way ends first.
    void readings.get(request.reading)?.return(undefined).catch(() => undefined);
    readings.delete(request.reading);
  } else if (request.kind === 'map') {
    let answer: MapReply;
    try {
      answer = map(request);
    } catch (error) {
      answer = failed(request.id, error);
    }
    reply(answer);
  } else {
    read(request).then(reply, (error: unknown) => reply(failed(request.id, error)));
  }
});
port.postMessage({ kind: 'ready' } satisfies MapReply);
