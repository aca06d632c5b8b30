// The real Loupe server as a child process, started as `npm start` does (bin/loupe-server.js) on a given DATA_DIR, for crash and restart tests.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { projectPath } from '../../src/platform/project-path.js';
import { eventually } from './until.js';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly baseUrl: string;
  /** Everything the process wrote to stdout and stderr so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code and signal once the process has ended. */
  exited(): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** A TCP port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Store selectors the child must not inherit: the server runs on the embedded stores under `dataDir` unless `env` names others. */
const INHERITED_STORE_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'CLICKHOUSE_URL'] as const;

/** The test process's environment without the store selectors (CI exports DATABASE_URL and REDIS_URL for other suites). */
function embeddedEnvironment(): NodeJS.ProcessEnv {
  const inherited = { ...process.env };
  for (const name of INHERITED_STORE_VARIABLES) delete inherited[name];
  return inherited;
}

/** Spawns the server on DATA_DIR `dataDir` (embedded stores) and a free port; call `waitForHealth` before using it. */
export async function startServer(dataDir: string, env: Record<string, string> = {}): Promise<ServerProcess> {
  const port = await freePort();
  const child = spawn(process.execPath, [projectPath('bin', 'loupe-server.js')], {
    cwd: projectPath(),
    // BASE_URL is set explicitly: vitest puts BASE_URL=/ into the environment the child would inherit.
    env: { ...embeddedEnvironment(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: `http://127.0.0.1:${port}`, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.on('exit', (code, signal) => resolve({ code, signal }));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited: () => exit };
}

/** Waits until the server's output holds `text` (looked at every 50 ms); throws with the output after `timeoutMs` or once the server exits without it. */
export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 45_000): Promise<void> {
  const exited = () => server.child.exitCode !== null || server.child.signalCode !== null;
  const output = await eventually(() => server.output(), (seen) => seen.includes(text) || exited(), timeoutMs, 50);
  if (!output.includes(text)) throw new Error(`server at ${server.baseUrl} did not print "${text}":\n${output}`);
}

/** Polls GET /api/health until it answers 200; throws with the server's output after `timeoutMs`. */
export async function waitForHealth(server: ServerProcess, timeoutMs = 45_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) break;
    try {
      const response = await fetch(`${server.baseUrl}/api/health`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server at ${server.baseUrl} did not become healthy:\n${server.output()}`);
}
