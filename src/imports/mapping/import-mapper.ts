// Where a batch post's body is parsed and mapped: on one worker thread (the server's default: tens of
// thousands of rows take seconds of CPU, which must not stall the event loop, and one thread keeps imports to
// one core), or inline (the command line's direct import, and a server without the thread).
import { Worker } from 'node:worker_threads';
import type { BodyProblem } from '../batch-body.js';
import { mapBody } from './map-body.js';
import type { MappingThreadData, MapReply, MapRequest, MappedBody } from './mapping-protocol.js';

export interface ImportMapper {
  map(request: Omit<MapRequest, 'id'>): Promise<MappedBody | BodyProblem>;
  close(): Promise<void>;
}

export const inlineImportMapper: ImportMapper = {
  map: (request) => Promise.resolve(mapBody(request)),
  close: () => Promise.resolve(),
};

const WORKER_ENTRY = new URL(`./import-mapper-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** Under tsx (TypeScript sources) the thread registers the same loader before importing its entry. */
function spawnWorker(workerData: MappingThreadData): Worker {
  if (!WORKER_ENTRY.pathname.endsWith('.ts')) return new Worker(WORKER_ENTRY, { workerData });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

interface Pending {
  resolve(value: MappedBody | BodyProblem): void;
  reject(error: Error): void;
}

/** One mapping thread, started on first use; should it die, the batches in flight fail (500, nothing stored) and the next starts a new one. */
export class WorkerImportMapper implements ImportMapper {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  /** `niceness`: how many steps nicer than the event loop the thread runs (Linux; BACKGROUND_THREAD_NICENESS). */
  constructor(private readonly niceness = 0) {}

  private thread(): Worker {
    if (this.worker) return this.worker;
    const worker = spawnWorker({ niceness: this.niceness });
    worker.unref();
    worker.on('message', (reply: MapReply) => {
      if (reply.kind === 'ready') return;
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (reply.kind === 'mapped') waiting.resolve(reply.batch);
      else if (reply.kind === 'refused') waiting.resolve(reply.problem);
      else waiting.reject(new Error(`import mapping failed: ${reply.error}`));
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = null;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the import mapping thread exited with code ${code}`)));
    this.worker = worker;
    return worker;
  }

  map(request: Omit<MapRequest, 'id'>): Promise<MappedBody | BodyProblem> {
    const id = this.nextId++;
    const worker = this.thread();
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      // A body that owns its whole buffer moves without a copy; a slice of a shared one is copied.
      const owned = request.body.byteOffset === 0 && request.body.byteLength === request.body.buffer.byteLength && request.body.buffer instanceof ArrayBuffer;
      const body = owned ? request.body : Uint8Array.from(request.body);
      worker.postMessage({ ...request, id, body } satisfies MapRequest, [body.buffer as ArrayBuffer]);
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
