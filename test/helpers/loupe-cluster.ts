// Several Loupe server processes side by side on one PostgreSQL database, one Redis and one ClickHouse endpoint
// (the HTTP stand-in, in a process of its own): each node has its own DATA_DIR for its spool, and all share the
// instance secret and BASE_URL, as nodes behind a load balancer do.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { createApp, type LoupeApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { projectPath } from '../../src/platform/project-path.js';
import { copyMigratedAnalytics } from './migrated-store.js';
import { startServer, waitForHealth, type ServerProcess } from './server-process.js';
import { createPostgresDatabase } from './test-app.js';

/** The origin the nodes answer for (BASE_URL): every state-changing cookie request sends it as Origin. */
export const CLUSTER_ORIGIN = 'http://localhost:3001';

export interface StandInProcess {
  readonly url: string;
  readonly child: ChildProcess;
  stop(): Promise<void>;
}

/** Starts test/helpers/clickhouse-stand-in-process.ts on `dataDir` and waits for the URL it prints. */
export async function startStandInProcess(dataDir: string): Promise<StandInProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', projectPath('test', 'helpers', 'clickhouse-stand-in-process.ts'), dataDir], {
    cwd: projectPath(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    const onData = (chunk: string): void => {
      output += chunk;
      const found = /CLICKHOUSE_URL=(\S+)/.exec(output);
      if (found?.[1] !== undefined) resolve(found[1]);
    };
    child.stdout?.setEncoding('utf8').on('data', onData);
    child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    child.once('exit', (code, signal) => reject(new Error(`the ClickHouse stand-in exited (${code ?? signal}) before listening:\n${output}`)));
  });
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    url,
    child,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exit;
    },
  };
}

export interface ClusterOptions {
  readonly nodes: number;
  /** PostgreSQL server on which a fresh database is created (the URL of any database there). */
  readonly adminDatabaseUrl: string;
  readonly redisUrl: string;
  /** Environment every node (and the bootstrap app) gets on top of the shared stores. */
  readonly env?: Record<string, string>;
}

export interface LoupeCluster {
  readonly clickhouseUrl: string;
  readonly databaseUrl: string;
  /** The nodes in order; `restart(i)` replaces entry i. */
  readonly nodes: ServerProcess[];
  readonly dataDirs: readonly string[];
  /** Runs `work` on an in-process app on the same stores (for fixtures), then closes it. */
  withApp<T>(work: (loupe: LoupeApp) => Promise<T>): Promise<T>;
  /** Starts node `index` again on its DATA_DIR (after it exited) and waits until it is healthy. */
  restart(index: number): Promise<ServerProcess>;
  /** SIGTERM to every running node; resolves with their exits. */
  stopNodes(): Promise<Array<{ code: number | null; signal: NodeJS.Signals | null }>>;
  close(): Promise<void>;
}

export async function startLoupeCluster(options: ClusterOptions): Promise<LoupeCluster> {
  const root = await mkdtemp(join(tmpdir(), 'loupe-cluster-'));
  // Both shared stores start migrated (from the run's templates); the bootstrap app finds nothing left to apply.
  copyMigratedAnalytics(join(root, 'clickhouse'));
  const [standIn, database] = await Promise.all([startStandInProcess(join(root, 'clickhouse')), createPostgresDatabase(options.adminDatabaseUrl, { migrated: true })]);
  const shared: Record<string, string> = {
    CLICKHOUSE_URL: standIn.url,
    DATABASE_URL: database.url,
    REDIS_URL: options.redisUrl,
    AUTH_SECRET: randomBytes(32).toString('hex'),
    BASE_URL: CLUSTER_ORIGIN,
    ...options.env,
  };
  const dataDirs = Array.from({ length: options.nodes }, (_, index) => join(root, `node-${index}`));
  const nodes: ServerProcess[] = [];

  async function start(index: number): Promise<ServerProcess> {
    const node = await startServer(dataDirs[index] ?? '', shared);
    // Entered before it is healthy, so that a failed start is killed with the others.
    nodes[index] = node;
    await waitForHealth(node, 90_000);
    return node;
  }

  async function withApp<T>(work: (loupe: LoupeApp) => Promise<T>): Promise<T> {
    // Would run the migrations on first use, as the first node would (the stores start migrated in a tiered run).
    const loupe = await createApp(loadConfig({ ...shared, DATA_DIR: join(root, 'bootstrap'), LOG_LEVEL: 'silent', ENRICHMENT_THREAD: 'false' }), { authRateLimitPerMinute: 1000 });
    try {
      return await work(loupe);
    } finally {
      await loupe.close();
    }
  }

  const running = (node: ServerProcess): boolean => node.child.exitCode === null && node.child.signalCode === null;
  async function stopNodes() {
    return Promise.all(
      nodes.map((node) => {
        if (running(node)) node.child.kill('SIGTERM');
        return node.exited();
      }),
    );
  }

  try {
    // The bootstrap app first, so that nodes starting together never race to apply a migration.
    await withApp(async () => undefined);
    // Side by side: each node starts from the server bundle, and much of a start is waiting (the bundle check, the
    // stores' connections, the first health poll), which the other starts fill.
    const starts = await Promise.allSettled(dataDirs.map((_, index) => start(index)));
    const failed = starts.find((each): each is PromiseRejectedResult => each.status === 'rejected');
    if (failed) throw failed.reason;
  } catch (error) {
    // A start that failed before spawning left a hole in `nodes`.
    for (const node of nodes as Array<ServerProcess | undefined>) if (node !== undefined && running(node)) node.child.kill('SIGKILL');
    await standIn.stop();
    await database.drop();
    await rm(root, { recursive: true, force: true });
    throw error;
  }

  return {
    clickhouseUrl: standIn.url,
    databaseUrl: database.url,
    nodes,
    dataDirs,
    withApp,
    restart: start,
    stopNodes,
    async close() {
      for (const node of nodes) if (running(node)) node.child.kill('SIGKILL');
      await Promise.all(nodes.map((node) => node.exited()));
      await standIn.stop();
      await database.drop();
      await rm(root, { recursive: true, force: true });
    },
  };
}
