// `npm run bench:query`: every report endpoint timed over HTTP on a generated data set (30 days, one site),
// with and without a filter, against the hand-written raw SQL computing the same answer straight in the store;
// p50/p95 per endpoint, the endpoint/raw ratio, the targets of issues 4 and 5, and the server's peak RSS.
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeAnswers, sameAnswer } from './answer-checks.js';
import { loadGoalSpecs } from './bench-goals.js';
import { OptionsError, parseQueryBenchOptions, USAGE, type QueryBenchOptions } from './bench-query-options.js';
import { BENCH_SITE_FILE, bootstrapBenchSite, readBenchSite, type BenchSite } from './bench-site.js';
import { caseRequest, loadEndpointCases, type EndpointCase, type ProbeValues } from './endpoint-cases.js';
import { runHttpPhase } from './http-phase.js';
import { percentile } from './latency-stats.js';
import { renderQueryTable, verdictOf, type ReportRow } from './query-report.js';
import { mergePasses } from './merge-passes.js';
import { runRawPhase, type RawJob, type RawMeasurement } from './raw-phase.js';
import { rawQueryOf } from './raw-queries.js';
import { rawFilterSupported } from './raw-scope.js';
import { reportRange } from './report-range.js';
import { generateInto, summarizeStore, type StoreSummary } from './store-summary.js';

const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The generator's main host (scripts/generate-events/data/site.json). */
const DOMAIN = 'northwind.dev';

const print = (text = ''): void => void process.stdout.write(text + '\n');
const log = (text: string): void => void process.stderr.write(text + '\n');

/**
 * Makes DATA_DIR servable, in this order:
 * 1. The generator writes events for a numeric site id straight into the analytics store; the HTTP routes
 *    also need that site in the metadata store and a key allowed to read it. So the site is bootstrapped
 *    first (Loupe's CLI, straight on DATA_DIR, no server running) and remembered in bench-query-site.json,
 *    which later runs reuse (with the goals they created).
 * 2. On a metadata store without sites the first site gets siteId 1, the generator's default: a data set
 *    made by `npm run generate-events` (site 1) lines up with it. A metadata store that already had sites
 *    gives another id; events for that id must then be generated (--events), as rows are not moved between sites.
 * 3. Only then is the analytics store read (this process opens chDB; the server is not running), and, when
 *    it has no events for the bootstrapped site and --events is given, the events are generated for it.
 */
async function prepare(options: QueryBenchOptions): Promise<{ site: BenchSite; summary: StoreSummary }> {
  let site = readBenchSite(options.dataDir);
  if (!site) {
    log(`  bootstrapping an account, organization, site and API key on ${options.dataDir} ...`);
    site = await bootstrapBenchSite(REPO_ROOT, options.dataDir, DOMAIN);
  }
  let summary = await summarizeStore(options.dataDir, site.siteId);
  if (summary.events === 0 && options.events !== undefined) {
    log(`  generating ${options.events} events over ${options.days} days for site ${site.siteId} ...`);
    await generateInto(options.dataDir, { siteId: site.siteId, events: options.events, days: options.days, seed: options.seed });
    summary = await summarizeStore(options.dataDir, site.siteId);
  }
  if (summary.events === 0) {
    const other = site.siteId === options.siteId ? '' : ` (the data set's --site ${options.siteId} is not the site bootstrapped here, ${site.siteId})`;
    throw new Error(`no events for site ${site.siteId} in ${options.dataDir}${other}: pass --events N [--days D], or use a fresh copy of a data set made by npm run generate-events`);
  }
  return { site, summary };
}

interface Variant {
  readonly label: string;
  readonly params: Readonly<Record<string, string>>;
  readonly filtered: boolean;
}

function variantsOf(options: QueryBenchOptions, summary: StoreSummary): Variant[] {
  const dates = { start_date: summary.firstDay ?? '', end_date: summary.lastDay ?? '' };
  const filters = JSON.stringify([{ parameter: options.filter.parameter, type: 'equals', value: [options.filter.value] }]);
  return [
    { label: 'none', params: dates, filtered: false },
    { label: `${options.filter.parameter}=${options.filter.value}`, params: { ...dates, filters }, filtered: true },
  ];
}

const keyOf = (entry: EndpointCase, variant: Variant) => `${entry.name} [${variant.label}]`;

function printHeader(options: QueryBenchOptions, site: BenchSite, summary: StoreSummary, cases: readonly EndpointCase[]): void {
  const cores = cpus();
  print('Loupe query benchmark: report endpoints over HTTP vs hand-written raw ClickHouse SQL on the same store');
  print(`machine: ${cores.length} cores (${cores[0]?.model.trim() ?? 'unknown CPU'}), node ${process.version}, load average at start ${loadavg().map((v) => v.toFixed(2)).join(' ')}`);
  print(`data: ${resolve(options.dataDir)}, site ${site.siteId}: ${summary.events.toLocaleString('en-US')} events, ${summary.sessions.toLocaleString('en-US')} sessions, ${summary.botEvents.toLocaleString('en-US')} bot rows, ${summary.firstDay} .. ${summary.lastDay} (UTC)`);
  const runsPerPass = Math.ceil(options.runs / options.passes);
  print(
    `runs: ${cases.length} endpoints x 2 variants (no filter, filter ${options.filter.parameter} equals ${options.filter.value}); ` +
      `${options.passes} pass(es) of 1 warm-up + ${runsPerPass} timed runs each (${runsPerPass * options.passes} timed in all), one request at a time`,
  );
  print('each pass: the server (child process, LOG_LEVEL=warn) answers over HTTP; then, after it exits, this process opens the store and runs the raw SQL.');
  print('Alternating the two phases spreads any drift in the machine\'s speed over both sides of the ratio; p50s are over all passes\' samples.');
  print();
}

async function main(): Promise<number> {
  const options = parseQueryBenchOptions(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(USAGE);
    return 0;
  }
  const { site, summary } = await prepare(options);
  const cases = loadEndpointCases().filter((entry) => options.only?.test(entry.name) ?? true);
  printHeader(options, site, summary, cases);
  const variants = variantsOf(options, summary);
  const runsPerPass = Math.ceil(options.runs / options.passes);
  const httpPasses: Array<Awaited<ReturnType<typeof runHttpPhase>>> = [];
  const rawPasses: RawMeasurement[][] = [];
  for (let pass = 1; pass <= options.passes; pass++) {
    if (options.passes > 1) log(`  pass ${pass} of ${options.passes}: ${runsPerPass} timed runs per row`);
    const httpPass = await runHttpPhase({
      repoRoot: REPO_ROOT,
      dataDir: options.dataDir,
      site,
      goals: loadGoalSpecs(),
      probeParameters: variants[1]?.params ?? {},
      plan: (probes) => cases.flatMap((entry) => variants.map((variant) => ({ key: keyOf(entry, variant), request: caseRequest(entry, site.siteId, probes, variant.params) }))),
      runs: runsPerPass,
      log,
    });
    httpPasses.push(httpPass);
    rawPasses.push(await runRawPhase(options.dataDir, rawJobsOf(options, site, summary, cases, variants, httpPass.probes), runsPerPass, log));
  }
  const first = httpPasses[0];
  const lastPass = httpPasses[httpPasses.length - 1];
  if (!first || !lastPass) throw new Error('no pass ran');
  const http = {
    ...lastPass,
    measurements: mergePasses(httpPasses.map((pass) => pass.measurements)),
    probes: first.probes,
    startRssMb: first.startRssMb,
    peakRssMb: Math.max(...httpPasses.map((pass) => pass.peakRssMb)),
  };
  const raw = mergePasses(rawPasses);
  printResults(cases, variants, http, raw);
  print(`probe values: ${JSON.stringify(http.probes)}`);
  print(`server RSS: ${http.startRssMb.toFixed(0)} MB when ready, peak ${http.peakRssMb.toFixed(0)} MB during the HTTP phase; stopped with SIGTERM (exit ${String(http.stopped.code)}) in ${http.stopped.ms} ms`);
  print(`load average at end ${loadavg().map((v) => v.toFixed(2)).join(' ')} (the benchmark's own load is one request or query at a time)`);
  if (http.measurements.some((m) => m.error !== undefined) && http.serverOutput.trim() !== '') print(`server output (tail):\n${http.serverOutput.trim()}`);
  print(`site and key kept in ${resolve(options.dataDir, BENCH_SITE_FILE)}`);
  return 0;
}

/** The raw SQL jobs of every case and variant that has a hand-written form of the filter. */
function rawJobsOf(
  options: QueryBenchOptions,
  site: BenchSite,
  summary: StoreSummary,
  cases: readonly EndpointCase[],
  variants: readonly Variant[],
  probes: ProbeValues,
): RawJob[] {
  const now = new Date();
  const range = reportRange(summary.firstDay ?? '', summary.lastDay ?? '', now);
  return cases.flatMap((entry) =>
    variants
      .filter((variant) => !variant.filtered || rawFilterSupported(options.filter))
      .map((variant) => ({
        key: keyOf(entry, variant),
        query: rawQueryOf(entry.raw),
        context: { siteId: site.siteId, ...range, filter: variant.filtered ? options.filter : undefined, probes, arg: entry.rawArg, body: entry.body, now },
      })),
  );
}

function printResults(
  cases: readonly EndpointCase[],
  variants: readonly Variant[],
  http: Awaited<ReturnType<typeof runHttpPhase>>,
  raw: readonly RawMeasurement[],
): void {
  const rows: ReportRow[] = [];
  const notes: string[] = [];
  for (const entry of cases) {
    for (const variant of variants) {
      const key = keyOf(entry, variant);
      const measured = http.measurements.find((m) => m.key === key);
      const rawMeasured = raw.find((m) => m.key === key);
      const rawOk = rawMeasured !== undefined && rawMeasured.error === undefined;
      const same = measured?.error === undefined && measured !== undefined && rawOk ? sameAnswer(entry.raw, measured.body, rawMeasured.answer) : undefined;
      if (measured?.error) notes.push(`${key}: endpoint failed: ${measured.error}`);
      if (rawMeasured?.error) notes.push(`${key}: raw SQL failed: ${rawMeasured.error}`);
      if (same === false && measured && rawMeasured) notes.push(`${key}: answers differ\n      ${describeAnswers(entry.raw, measured.body, rawMeasured.answer)}`);
      const samples = measured?.samples ?? [];
      rows.push({
        endpoint: entry.name,
        filter: variant.label,
        p50Ms: samples.length > 0 ? percentile(samples, 50) : undefined,
        p95Ms: samples.length > 0 ? percentile(samples, 95) : undefined,
        rawP50Ms: rawOk && rawMeasured.samples.length > 0 ? percentile(rawMeasured.samples, 50) : undefined,
        targetMs: entry.targetMs,
        sameAnswer: same,
        cpuMsHttp: measured?.cpuMsPerRun,
        cpuMsRaw: rawMeasured?.cpuMsPerRun,
        otherCpuHttp: measured?.otherCpuPercent,
        otherCpuRaw: rawMeasured?.otherCpuPercent,
        ...(measured?.error ? { error: measured.error } : {}),
      });
    }
  }
  print(renderQueryTable(rows));
  print('CPU ms = CPU time per run (mean of the timed runs, all threads): the server process for the endpoint, this process (the store) for');
  print('  the raw SQL. CPU ratio = their quotient: less disturbed by other load than the wall-clock ratio, which the targets use.');
  print('other CPU % = CPU used by processes other than the benchmark and the server while that row was timed (100 = one of the cores);');
  print('  the phases run one after the other (alternating over the passes), so a machine busier in one than the other skews the wall-clock ratio.');
  print();
  const missed = rows.filter((row) => verdictOf(row) !== 'yes');
  print(`targets: p50 under the target and endpoint/raw under 1.5 — met by ${rows.length - missed.length} of ${rows.length} rows`);
  for (const row of missed) print(`  missed: ${row.endpoint} [${row.filter}] ${verdictOf(row)}`);
  for (const note of notes) print(`  ${note}`);
  print();
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof OptionsError ? `${error.message}\n\n${USAGE}` : error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`bench:query failed: ${message}\n`);
    process.exit(1);
  },
);
