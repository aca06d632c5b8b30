// Where a batch post's body is parsed and mapped, and an uploaded file read: on one worker thread (the server's
// default: tens of thousands of rows take seconds of CPU, which must not stall the event loop, and one thread
// keeps imports to one core), or inline (the command line's direct import, and a server without the thread).
import { Worker } from 'node:worker_threads';
import type { BodyProblem } from '../batch-body.js';
import { bodyBatches, type FileToRead } from '../file-batches.js';
import { ImportFileError } from '../files/import-file-error.js';
import { mapBody } from './map-body.js';
import { movable, type MapInput, type MappingThreadData, type MapReply, type MappedBody, type ReadBatch, type ThreadRequest } from './mapping-protocol.js';

export interface ImportMapper {
  map(input: MapInput): Promise<MappedBody | BodyProblem>;
  /** The file's batches as batch post bodies, each read when asked for (the next while one is stored). */
  read(file: FileToRead): AsyncGenerator<ReadBatch>;
  close(): Promise<void>;
}

export const inlineImportMapper: ImportMapper = {
  map: (input) => Promise.resolve(mapBody(input)),
  read: bodyBatches,
  close: () => Promise.resolve(),
};

const WORKER_ENTRY = new URL(`./import-mapper-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);

/** Under tsx (TypeScript sources) the thread registers the same loader before importing its entry. */
function spawnWorker(workerData: MappingThreadData): Worker {
  if (!WORKER_ENTRY.pathname.endsWith('.ts')) return new Worker(WORKER_ENTRY, { workerData });
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(WORKER_ENTRY.href)}); })`;
  return new Worker(boot, { eval: true, workerData });
}

type Answer = Exclude<MapReply, { readonly kind: 'ready' } | { readonly kind: 'failed' }>;

interface Pending {
  answer(reply: Answer): void;
  reject(error: Error): void;
}

/** One mapping thread, started on first use; should it die, the batches and readings in flight fail (500, nothing stored) and the next starts a new one. */
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
      if (reply.kind === 'failed') waiting.reject(new Error(`import mapping failed: ${reply.error}`));
      else waiting.answer(reply);
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

  /** Sends `request` (its id from `nextId`) and reads the thread's reply with `answer`, which may throw. */
  private ask<T>(request: ThreadRequest & { readonly id: number }, moved: readonly ArrayBuffer[], answer: (reply: Answer) => T): Promise<T> {
    const worker = this.thread();
    return new Promise((resolve, reject) => {
      this.pending.set(request.id, {
        answer: (reply) => {
          try {
            resolve(answer(reply));
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        },
        reject,
      });
      worker.postMessage(request, [...moved]);
    });
  }

  map(input: MapInput): Promise<MappedBody | BodyProblem> {
    // A body that owns its whole buffer moves without a copy; a slice of a shared one is copied.
    const body = movable(input.body);
    return this.ask({ ...input, kind: 'map', id: this.nextId++, body }, [body.buffer], (reply) => {
      if (reply.kind === 'mapped') return reply.batch;
      if (reply.kind === 'refused') return reply.problem;
      throw new Error(`import mapping answered ${reply.kind} to a batch`);
    });
  }

  async *read(file: FileToRead): AsyncGenerator<ReadBatch> {
    const reading = this.nextId++;
    let finished = false;
    try {
      for (let first = true; !finished; first = false) {
        const id = this.nextId++;
        const batch = await this.ask(first ? { kind: 'open', id, reading, file } : { kind: 'read', id, reading }, [], (reply) => {
          if (reply.kind === 'batch') return reply.batch;
          if (reply.kind === 'unreadable') throw new ImportFileError(reply.where, reply.reason);
          throw new Error(`import mapping answered ${reply.kind} to a file's read`);
        });
        finished = batch.isLastBatch;
        yield batch;
      }
    } finally {
      // Given up before the file's end (a refused batch, a failure): the thread closes the file.
      if (!finished) this.worker?.postMessage({ kind: 'stop', reading } satisfies ThreadRequest);
    }
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    if (worker) await worker.terminate();
  }
}
