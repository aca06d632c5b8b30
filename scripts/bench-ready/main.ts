// `npm run bench:ready`: Loupe's resident memory once ready, before any event. Starts the server on a data
// directory (as `npm start` does), waits for /api/health and then the settle time bench:soak waits, reads
// /proc/<pid>/status and smaps (anonymous and file-backed pages, per file), stops it; several starts in a row.
import { mkdtemp, rm } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { statusKb } from '../bench-import/memory-breakdown.js';
import { LOUPE_SERVER_ARGS, startServer } from '../bench-ingest/server-process.js';
import { smapsBreakdown, type SmapsBreakdown } from './smaps-breakdown.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const MB = 1024;

const USAGE = `Usage: npm run bench:ready -- [options]

  --data-dir DIR    start on this data directory (a copy of a generated set: migrations run on open);
                    default: a fresh temporary directory, removed afterwards
  --starts N        starts in a row, each measured (default 3)
  --settle-ms MS    idle time after the first answer before reading (default 5000, as bench:soak)
  --node-arg ARG    an argument for the server's Node (e.g. --max-semi-space-size=2); repeatable
  --port N          port on 127.0.0.1 (default 4591)
  --help            show this text
`;

const print = (text = ''): void => void process.stdout.write(text + '\n');
const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));
const mb = (kb: number): string => (kb / MB).toFixed(0);

function describeStart(index: number, status: string, breakdown: SmapsBreakdown): string {
  const files = breakdown.parts.filter((part) => part.name !== '[anonymous]').slice(0, 3).map((part) => `${part.name} ${mb(part.rssKb)}`);
  return [
    `start ${index}: VmRSS ${mb(statusKb(status, 'VmRSS'))} MB (RssAnon ${mb(statusKb(status, 'RssAnon'))}, RssFile ${mb(statusKb(status, 'RssFile'))}), load ${loadavg()[0]?.toFixed(2)}`,
    `  smaps: anonymous ${mb(breakdown.anonymousKb)} MB (largest mappings ${breakdown.largestAnonymousKb.map(mb).join(', ')}), file-backed ${mb(breakdown.fileKb)} MB (${files.join(', ')})`,
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string' },
      starts: { type: 'string', default: '3' },
      'settle-ms': { type: 'string', default: '5000' },
      'node-arg': { type: 'string', multiple: true, default: [] },
      port: { type: 'string', default: '4591' },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) return void print(USAGE);
  const starts = Number(values.starts);
  const settleMs = Number(values['settle-ms']);
  const port = Number(values.port);
  if (![starts, settleMs, port].every((value) => Number.isInteger(value) && value >= 1)) throw new Error(`--starts, --settle-ms and --port take whole numbers >= 1\n${USAGE}`);
  const fresh = values['data-dir'] === undefined;
  const dataDir = values['data-dir'] === undefined ? await mkdtemp(join(tmpdir(), 'loupe-bench-ready-')) : resolve(values['data-dir']);
  const nodeArgs = values['node-arg'];
  print(`Loupe ready memory: ${starts} starts on ${dataDir}${fresh ? ' (fresh)' : ''}, ${settleMs} ms after the first answer; ${cpus().length} cores, node ${process.version}${nodeArgs.length > 0 ? `, node ${nodeArgs.join(' ')}` : ''}`);
  const rss: number[] = [];
  try {
    for (let index = 1; index <= starts; index++) {
      const server = await startServer({
        name: 'loupe',
        args: [...nodeArgs, ...LOUPE_SERVER_ARGS],
        env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
        cwd: REPO_ROOT,
        port,
        ready: { method: 'GET', path: '/api/health' },
        timeoutMs: 600_000,
      });
      try {
        await sleep(settleMs);
        const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
        const breakdown = smapsBreakdown(readFileSync(`/proc/${server.pid}/smaps`, 'utf8'));
        rss.push(statusKb(status, 'VmRSS'));
        print(describeStart(index, status, breakdown));
      } finally {
        await server.stop();
      }
    }
  } finally {
    if (fresh) await rm(dataDir, { recursive: true, force: true });
  }
  print(`ready RSS: ${rss.map(mb).join(', ')} MB (target of issue 38: at most 350 MB on the 10 M-event set)`);
}

await main();
