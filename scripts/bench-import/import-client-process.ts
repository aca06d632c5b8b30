// The parent's handle on the importing client process (import-client.ts): pause, resume, its pid, its summary.
import { fork } from 'node:child_process';
import { getPriority, setPriority } from 'node:os';
import { join } from 'node:path';
import type { ImportSummary } from '../../src/imports/file-import.js';
import { projectPath } from '../../src/platform/project-path.js';

type ClientMessage = { readonly paused: true } | { readonly summary: ImportSummary } | { readonly error: string };

export interface ImportClientProcess {
  readonly pid: number;
  /** Resolves with the summary once every row is sent, or rejects with the client's error. */
  readonly done: Promise<ImportSummary>;
  /** Resolves once the client has started, paused before its first batch. */
  readonly ready: Promise<void>;
  /** Holds the next batch back; resolves once the batch under way is answered. */
  pause(): Promise<void>;
  resume(): void;
}

export interface ImportClientOptions {
  readonly baseUrl: string;
  readonly apiKey: string;
  readonly siteId: string;
  readonly file: string;
  readonly batchRows: number;
  /** Steps nicer than this process the client runs (as a client on another machine would take none of its cores). */
  readonly niceness: number;
}

/** Starts the client, paused before its first batch. */
export function startImportClient(options: ImportClientOptions): ImportClientProcess {
  const child = fork(join(projectPath(), 'scripts/bench-import/import-client.ts'),
    [options.baseUrl, options.apiKey, options.siteId, options.file, 'umami', String(options.batchRows)],
    { cwd: projectPath(), execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  if (child.pid === undefined) throw new Error('the import client did not start');
  if (options.niceness > 0) setPriority(child.pid, Math.min(19, getPriority(0) + options.niceness));
  const pausedWaiters: Array<() => void> = [];
  const ready = new Promise<void>((resolve) => pausedWaiters.push(resolve));
  const done = new Promise<ImportSummary>((resolve, reject) => {
    child.on('message', (message: ClientMessage) => {
      if ('paused' in message) pausedWaiters.shift()?.();
      else if ('summary' in message) resolve(message.summary);
      else reject(new Error(`import client: ${message.error}`));
    });
    child.on('exit', (code) => reject(new Error(`import client exited (${code}) before its summary`)));
  });
  return {
    pid: child.pid,
    done,
    ready,
    pause: () => new Promise<void>((resolve) => {
      pausedWaiters.push(resolve);
      child.send('pause');
    }),
    resume: () => void child.send('resume'),
  };
}
