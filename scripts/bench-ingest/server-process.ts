// A server under test as a child process: started, polled until it answers, stopped with a signal.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

const OUTPUT_TAIL_CHARS = 4000;

/** Node's arguments that start Loupe the way `npm start` does: from its bundle, without tsx (cwd: the checkout). */
export const LOUPE_SERVER_ARGS = ['bin/loupe-server.js'] as const;

export interface ServerProcess {
  readonly name: string;
  readonly pid: number;
  readonly baseUrl: string;
  /** The last few kB the process wrote to stdout and stderr. */
  output(): string;
  /** Sends `signal` and resolves with the exit code (null when killed by a signal) and the time it took. */
  stop(signal?: NodeJS.Signals): Promise<{ code: number | null; ms: number }>;
}

export interface StartOptions {
  readonly name: string;
  readonly args: readonly string[];
  readonly env: NodeJS.ProcessEnv;
  readonly cwd: string;
  readonly port: number;
  /** A request that succeeds once the server is ready. */
  readonly ready: { readonly method: 'GET' | 'POST'; readonly path: string; readonly body?: string };
  readonly timeoutMs?: number;
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

async function waitUntilReady(child: ChildProcess, url: string, options: StartOptions, output: () => string): Promise<void> {
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`${options.name} exited during start-up:\n${output()}`);
    try {
      const response = await fetch(url, {
        method: options.ready.method,
        ...(options.ready.body === undefined ? {} : { body: options.ready.body, headers: { 'content-type': 'application/json' } }),
      });
      await response.arrayBuffer();
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${options.name} did not become ready:\n${output()}`);
}

export async function startServer(options: StartOptions): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...options.args], { cwd: options.cwd, env: options.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let tail = '';
  const keep = (chunk: Buffer): void => {
    tail = (tail + chunk.toString('utf8')).slice(-OUTPUT_TAIL_CHARS);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  if (child.pid === undefined) throw new Error(`${options.name} did not start`);
  const baseUrl = `http://127.0.0.1:${options.port}`;
  try {
    await waitUntilReady(child, `${baseUrl}${options.ready.path}`, options, () => tail);
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  const pid = child.pid;
  return {
    name: options.name,
    pid,
    baseUrl,
    output: () => tail,
    async stop(signal = 'SIGTERM') {
      const startedAt = Date.now();
      const done = exited(child);
      child.kill(signal);
      const code = await done;
      return { code, ms: Date.now() - startedAt };
    },
  };
}
