// The Loupe server under the render benchmark: a child process on DATA_DIR at LOG_LEVEL=info, whose request log
// lines give each API request's server-side time (Fastify's responseTime).
import { spawn } from 'node:child_process';
import { freePort } from '../bench-ingest/server-process.js';

export interface ServedRequest {
  readonly method: string;
  readonly url: string;
  readonly status: number;
  readonly serverMs: number;
}

export interface RenderServer {
  readonly baseUrl: string;
  /** The server's process id (its engine runs in it). */
  readonly pid: number | undefined;
  /** The requests completed since the last call, in completion order. */
  drain(): ServedRequest[];
  stop(): Promise<void>;
}

interface LogLine {
  readonly reqId?: string;
  readonly msg?: string;
  readonly req?: { readonly method?: string; readonly url?: string };
  readonly res?: { readonly statusCode?: number };
  readonly responseTime?: number;
}

function parseLine(line: string): LogLine | undefined {
  if (!line.startsWith('{')) return undefined;
  try {
    return JSON.parse(line) as LogLine;
  } catch {
    return undefined;
  }
}

export async function startRenderServer(repoRoot: string, dataDir: string): Promise<RenderServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', BASE_URL: baseUrl, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const pending = new Map<string, { method: string; url: string }>();
  let done: ServedRequest[] = [];
  let partial = '';
  let tail = '';
  child.stdout.on('data', (chunk: Buffer) => {
    const lines = (partial + chunk.toString('utf8')).split('\n');
    partial = lines.pop() ?? '';
    for (const line of lines) {
      const entry = parseLine(line);
      if (!entry?.reqId) continue;
      if (entry.msg === 'incoming request') pending.set(entry.reqId, { method: entry.req?.method ?? '', url: entry.req?.url ?? '' });
      if (entry.msg === 'request completed') {
        const started = pending.get(entry.reqId);
        pending.delete(entry.reqId);
        if (started) done.push({ ...started, status: entry.res?.statusCode ?? 0, serverMs: entry.responseTime ?? Number.NaN });
      }
    }
  });
  child.stderr.on('data', (chunk: Buffer) => {
    tail = (tail + chunk.toString('utf8')).slice(-4000);
  });
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited during start-up:\n${tail}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the server did not become ready:\n${tail}`);
    }
    const ok = await fetch(`${baseUrl}/api/health`).then((response) => response.ok, () => false);
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    pid: child.pid,
    drain() {
      const served = done;
      done = [];
      return served;
    },
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
