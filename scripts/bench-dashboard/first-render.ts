// Entry of `npm run bench:dashboard-render`: the site dashboard's first full render (top-line cards, chart, every
// breakdown card holding data) in headless Chromium against a real Loupe server on a generated data set.
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { chromium } from 'playwright-core';
import { bootstrapBenchSite, readBenchSite, BENCH_SITE_FILE } from '../bench-query/bench-site.js';
import { isolatedServerTimes } from './isolated-requests.js';
import { renderOnce } from './render-page.js';
import { median } from '../shared/median.js';
import { cpuLine, medianCpu, pieceTable, requestTable, type TimedRun } from './render-report.js';
import { sampleCpu } from './process-cpu.js';
import { startRenderServer } from './render-server.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const BUDGET_MS = 2000;
const USAGE = `npm run bench:dashboard-render -- --data-dir DIR [--runs 3] [--warm-ups 1] [--page goals] [--query period=30d] [--fresh-window]

--page is the path after /sites/<site>/ (default: the site dashboard itself); a page other than the dashboard
counts as rendered when every element with data-bench-piece has data-bench-state ready or empty.

DIR is a data set made by \`npm run generate-events -- --events N --days 30 --data-dir DIR\` (site 1). On first use an
account, organization and site are bootstrapped on it with Loupe's CLI (kept in DIR/${BENCH_SITE_FILE}).

Each run opens a new browser context (a new window, empty HTTP cache) and navigates once Chromium is idle again:
a new headless window starts its own browser interface (~1 s of CPU), which a reader's open browser has done
long before. --fresh-window navigates at once instead, as the benchmark did before (the window's start-up then
shares the cores with the page).
`;

function options() {
  const { values } = parseArgs({
    options: {
      'data-dir': { type: 'string', default: process.env.DATA_DIR },
      runs: { type: 'string', default: '3' },
      'warm-ups': { type: 'string', default: '1' },
      query: { type: 'string', default: '' },
      page: { type: 'string', default: '' },
      'fresh-window': { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  const runs = Number(values.runs);
  const warmUps = Number(values['warm-ups']);
  if (values.help || !values['data-dir'] || !Number.isInteger(runs) || runs < 1 || !Number.isInteger(warmUps) || warmUps < 0) return undefined;
  return { dataDir: resolve(values['data-dir']), runs, warmUps, query: values.query.replace(/^\?/, ''), page: values.page.replace(/^\/+|\/+$/g, ''), settle: !values['fresh-window'] };
}

async function main(): Promise<number> {
  const chosen = options();
  if (!chosen) {
    process.stdout.write(USAGE);
    return 2;
  }
  const site = readBenchSite(chosen.dataDir) ?? (await bootstrapBenchSite(REPO_ROOT, chosen.dataDir, 'northwind.dev'));
  console.log(`machine: ${cpus().length} cores, load average at start ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  console.log(`data: ${chosen.dataDir}, site ${site.siteId} (${site.id})`);
  const startedAt = Date.now();
  const server = await startRenderServer(REPO_ROOT, chosen.dataDir);
  console.log(`server ready in ${((Date.now() - startedAt) / 1000).toFixed(1)} s at ${server.baseUrl}`);
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS });
  try {
    const signIn = await browser.newContext({ bypassCSP: true });
    const login = await signIn.request.post(`${server.baseUrl}/api/auth/sign-in/email`, {
      data: { email: 'bench-query@example.com', password: 'bench-query-password-2024' },
      headers: { origin: server.baseUrl },
    });
    if (!login.ok()) throw new Error(`sign-in failed: HTTP ${login.status()}`);
    const url = `${server.baseUrl}/sites/${site.id}${chosen.page ? `/${chosen.page}` : ''}${chosen.query ? `?${chosen.query}` : ''}`;
    // A returning reader: the dashboard has seen this browser signed in once (its hint lets the first questions
    // leave before the session check); the timed runs then start from that storage with an empty HTTP cache.
    const visit = await signIn.newPage();
    await visit.goto(`${server.baseUrl}/sites`);
    await visit.waitForFunction("localStorage.getItem('loupe.signed-in') === '1'", undefined, { timeout: 60_000 });
    await visit.close();
    const storageState = await signIn.storageState();
    console.log(`page: ${url}; ${chosen.warmUps} warm-up(s), then ${chosen.runs} timed run(s), each in a fresh browser context (empty HTTP cache), ${chosen.settle ? 'navigating once the new window is idle' : 'navigating as soon as the new window is open (--fresh-window)'}`);
    const timed: TimedRun[] = [];
    for (let index = 0; index < chosen.warmUps + chosen.runs; index++) {
      server.drain();
      const run = await renderOnce(browser, url, storageState, 120_000, () => sampleCpu(server.pid), chosen.settle);
      await new Promise((done) => setTimeout(done, 200));
      const served = server.drain().filter((request) => request.url.startsWith('/api/'));
      const label = index < chosen.warmUps ? 'warm-up' : `run ${index - chosen.warmUps + 1}`;
      console.log(`${label}: full render at ${run.fullRenderMs.toFixed(0)} ms, ${run.api.length} API requests${run.settleMs === undefined ? '' : ` (window idle after ${run.settleMs} ms)`}${run.empty.length ? `; empty: ${run.empty.join(', ')}` : ''}; CPU: ${cpuLine(run.cpu)}`);
      if (index >= chosen.warmUps) timed.push({ ...run, served });
    }
    const full = median(timed.map((run) => run.fullRenderMs));
    console.log(`\nper request (medians over the timed runs, ms since navigation start; queued = waiting for one of the browser's connections, wait = request sent to first byte, server = Fastify's responseTime):`);
    console.log(requestTable(timed));
    console.log(`\nwhen each piece first held data (median):\n${pieceTable(timed)}`);
    console.log(`\nCPU from navigation to full render (median over the timed runs; ${cpus().length} cores): ${cpuLine(medianCpu(timed))}`);
    const urls = [...new Set(timed.flatMap((run) => run.api.map((timing) => timing.url)))].filter((path) => !path.startsWith('/api/auth/'));
    console.log(`\n${await isolatedServerTimes(signIn.request, server, urls, 3)}`);
    await signIn.close();
    console.log(`\nfirst full render: median ${full.toFixed(0)} ms over ${timed.length} run(s) (${full <= BUDGET_MS ? 'within' : 'OVER'} the ${BUDGET_MS} ms budget); load average at end ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
    return 0;
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`bench-dashboard-render: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  },
);
