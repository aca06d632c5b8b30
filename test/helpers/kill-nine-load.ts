// Concurrent calls to a real server until the test kills it with SIGKILL, and the cleanup of such tests' servers
// and data directories. The kill -9 tests of tracking and of replay share it.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { seedMigratedDataDir } from './migrated-store.js';
import { startServer, waitForHealth, type ServerProcess } from './server-process.js';

export interface Answer {
  readonly acknowledged: boolean;
  readonly summary: string;
}

export interface KillLoadOptions {
  readonly workers: number;
  /** The load runs at least this long, and until `minAcked` calls were acknowledged, before the kill. */
  readonly loadMs: number;
  readonly minAcked: number;
  /** Without an acknowledgement for this long the load is stuck and stops, reporting the last refusal. */
  readonly stallMs: number;
  /** Sends call number `n`; its name is what the test later looks for in the store. */
  readonly send: (name: string) => Promise<Answer>;
  readonly nameOf: (n: number) => string;
}

export interface KilledLoad {
  readonly acked: string[];
  /** Set when the load stopped because nothing was acknowledged for stallMs: the last refusal seen. */
  readonly stalled: string | null;
}

/** Drives the load, kills `server` with SIGKILL once it ran long enough, and returns what was acknowledged. */
export async function loadUntilKilled(server: ServerProcess, options: KillLoadOptions): Promise<KilledLoad> {
  const acked: string[] = [];
  const loadStart = Date.now();
  let next = 0;
  let stopping = false;
  let stalled: string | null = null;
  let lastAckAt = Date.now();
  const worker = async (): Promise<void> => {
    while (!stopping) {
      const name = options.nameOf(next++);
      try {
        const answer = await options.send(name);
        if (answer.acknowledged) {
          acked.push(name);
          lastAckAt = Date.now();
        } else if (Date.now() - lastAckAt > options.stallMs) {
          stalled = answer.summary;
          stopping = true;
        }
      } catch {
        // The kill cut the request off: not acknowledged.
        return;
      }
      if (!stopping && acked.length >= options.minAcked && Date.now() - loadStart >= options.loadMs) {
        stopping = true;
        server.child.kill('SIGKILL');
      }
    }
  };
  await Promise.all(Array.from({ length: options.workers }, worker));
  if (stalled !== null) server.child.kill('SIGKILL');
  return { acked, stalled };
}

/** Servers and data directories a test started, killed and removed after it. */
export class KilledServers {
  readonly dirs: string[] = [];
  readonly servers: ServerProcess[] = [];

  /**
   * A fresh DATA_DIR prepared by `prepare` (in-process, before any server), a server on it under the load
   * `loadOf` describes, killed with SIGKILL: what the load had acknowledged by then.
   */
  async killedRun<T>(prefix: string, env: Record<string, string>, prepare: (dataDir: string) => Promise<T>, loadOf: (server: ServerProcess, target: T) => KillLoadOptions): Promise<{ dataDir: string; target: T; load: KilledLoad }> {
    const dataDir = await mkdtemp(join(tmpdir(), prefix));
    // Migrated already (from the run's templates): migrations have their own tests.
    seedMigratedDataDir(dataDir);
    this.dirs.push(dataDir);
    const target = await prepare(dataDir);
    const first = await this.start(dataDir, env);
    const exited = first.exited();
    const load = await loadUntilKilled(first, loadOf(first, target));
    expect(load.stalled, first.output()).toBeNull();
    expect(await exited).toEqual({ code: null, signal: 'SIGKILL' });
    return { dataDir, target, load };
  }

  /** A server on `dataDir`, once it answers its health check. */
  async start(dataDir: string, env: Record<string, string>): Promise<ServerProcess> {
    const server = await startServer(dataDir, env);
    this.servers.push(server);
    await waitForHealth(server);
    return server;
  }

  async cleanUp(): Promise<void> {
    for (const server of this.servers) if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await Promise.all(this.servers.map((server) => server.exited()));
    await Promise.all(this.dirs.map((dir) => rm(dir, { recursive: true, force: true })));
  }
}
