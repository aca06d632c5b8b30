// Caddy (Debian's `caddy` package) in front of Loupe nodes, configured by docs/deploy/Caddyfile itself: the test
// changes only the upstream addresses (compose service names there, loopback ports here) and serves plain HTTP
// on a loopback port instead of TLS for a domain.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';
import { freePort } from './server-process.js';

export const CADDY_BINARY = '/usr/bin/caddy';

/** The upstream line of docs/deploy/Caddyfile, which the test points at its own nodes. */
const COMPOSE_UPSTREAMS = 'to loupe-1:3001 loupe-2:3001 loupe-3:3001';

export interface CaddyProcess {
  readonly url: string;
  readonly child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

export function caddyInstalled(): boolean {
  return existsSync(CADDY_BINARY);
}

/** The documented Caddyfile with `upstreams` (host:port each) in place of the compose services. */
export async function documentedCaddyfile(upstreams: readonly string[]): Promise<string> {
  const documented = await readFile(projectPath('docs', 'deploy', 'Caddyfile'), 'utf8');
  if (!documented.includes(COMPOSE_UPSTREAMS)) throw new Error(`docs/deploy/Caddyfile no longer has the line "${COMPOSE_UPSTREAMS}"`);
  return documented.replace(COMPOSE_UPSTREAMS, `to ${upstreams.join(' ')}`);
}

export async function startCaddy(upstreams: readonly string[]): Promise<CaddyProcess> {
  const dir = await mkdtemp(join(tmpdir(), 'loupe-caddy-'));
  const port = await freePort();
  const config = join(dir, 'Caddyfile');
  // No admin endpoint (several test runs may share the machine); state under the temporary directory.
  await writeFile(config, `{\n\tadmin off\n\tstorage file_system ${join(dir, 'data')}\n}\n\n${await documentedCaddyfile(upstreams)}`);
  const child = spawn(CADDY_BINARY, ['run', '--config', config, '--adapter', 'caddyfile'], {
    env: { PATH: process.env.PATH ?? '', HOME: dir, XDG_DATA_HOME: join(dir, 'data'), XDG_CONFIG_HOME: join(dir, 'config'), LOUPE_DOMAIN: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
  const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`caddy exited with ${child.exitCode}:\n${output}`);
    const answered = await fetch(`${url}/api/health/live`).then((response) => response.status === 200, () => false);
    if (answered) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`caddy did not answer on ${url}:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    output: () => output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exit;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
