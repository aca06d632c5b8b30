// Entry of `npm run generate-events`: fills the analytics store with a realistic, reproducible data set.
import { migrateAnalyticsStore } from '../../src/platform/analytics-store/analytics-migrations.js';
import { createAnalyticsStore } from '../../src/platform/analytics-store/create-analytics-store.js';
import { DEFAULT_ANALYTICS_MEMORY } from '../../src/platform/analytics-store/chdb-memory.js';
import { linkSiteSessions } from '../../src/stats/visitor-links.js';
import { CliError, USAGE, parseCliOptions } from './cli-options.js';
import { generateEvents, type GenerateSummary } from './generate-events.js';
import { ProgressBar, formatCount, formatDuration } from './progress-bar.js';

const BULK_LOAD_MEMORY = { ...DEFAULT_ANALYTICS_MEMORY, limitMb: 0 };

function summaryText(summary: GenerateSummary, seed: number, target: string): string {
  return [
    `Generated into ${target} (seed ${seed}):`,
    `  events      ${formatCount(summary.events)}`,
    `  sessions    ${formatCount(summary.sessions)} (${formatCount(summary.newVisitors)} new visitors, ${formatCount(summary.identifiedUsers)} identified)`,
    `  bot rows    ${formatCount(summary.botEvents)}`,
    `  time        ${summary.seconds.toFixed(1)} s (${formatDuration(summary.seconds)})`,
    `  throughput  ${formatCount(summary.rowsPerSecond)} rows/s`,
    '',
  ].join('\n');
}

async function main(): Promise<number> {
  const options = parseCliOptions(process.argv.slice(2), process.env, () => Math.floor(Math.random() * 2 ** 32));
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  // A one-off bulk load, not a server: the engine may use what the machine has (the server's default ceiling
  // stops the generator's large inserts into the events table and the views fed from it).
  const store = createAnalyticsStore({ dataDir: options.dataDir, clickhouseUrl: options.clickhouseUrl, analyticsMemory: BULK_LOAD_MEMORY });
  try {
    await migrateAnalyticsStore(store);
    const bar = new ProgressBar(process.stderr);
    const summary = await generateEvents(
      store,
      { siteId: options.siteId, events: options.events, days: options.days, seed: options.seed, endMs: options.endMs, chunkSize: options.chunkSize },
      (written, total) => bar.update(written, total),
    );
    bar.finish();
    // The links between each visitor's sessions, as a running server's link job would write them (decision 0085).
    const linking = Date.now();
    const links = await linkSiteSessions(store, options.siteId);
    process.stderr.write(`linked ${formatCount(links.linked)} sessions in ${formatDuration((Date.now() - linking) / 1000)}\n`);
    process.stdout.write(summaryText(summary, options.seed, options.clickhouseUrl ?? options.dataDir));
    return 0;
  } finally {
    await store.close();
  }
}

main().then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    const message = error instanceof CliError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`generate-events: ${message}\n`);
    process.exitCode = 1;
  },
);
