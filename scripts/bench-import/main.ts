// `npm run bench:import`: rows per second of `loupe import` (in process, on a fresh DATA_DIR) for a large
// generated Umami CSV and Loupe NDJSON file, then the same file again (every row recognised and skipped), with
// the process's resident memory before and at its peak during each run (this process is `loupe import` without
// --url: the file's reader and the store in one), split into V8's heap, buffers, the rest of the anonymous
// memory (the embedded engine's and Node's own allocations) and file-backed pages (scripts/bench-import/memory-breakdown.ts).
// Options: --rows 200000 --batch-size 5000 --formats umami,loupe
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { injectCaller } from '../../src/cli/api-caller.js';
import { bootstrap } from '../../src/cli/bootstrap.js';
import { runImport } from '../../src/cli/import-command.js';
import { localImportTarget } from '../../src/imports/service-import-targets.js';
import { loadConfig } from '../../src/config.js';
import { returnEngineMemoryAtOnce } from '../../src/platform/analytics-store/chdb-allocator.js';
import { tuneGarbageCollector } from '../../src/platform/garbage-collector-tuning.js';
import { readRssKb, RssSampler } from '../bench-ingest/rss-sampler.js';
import { describeSample, MemoryBreakdownSampler, nativeMb, sampleMemory } from './memory-breakdown.js';
import { writeGeneratedExport } from './generated-export.js';

// As `loupe import` sets them (src/cli/main.ts); the engine's allocator before the app loads the engine.
tuneGarbageCollector();
returnEngineMemoryAtOnce();
const { createApp } = await import('../../src/app.js');
const { values } = parseArgs({ options: { rows: { type: 'string', default: '200000' }, 'batch-size': { type: 'string', default: '5000' }, formats: { type: 'string', default: 'umami,loupe' } } });
const formats = values.formats.split(',').filter((format): format is 'umami' | 'loupe' => format === 'umami' || format === 'loupe');
const rows = Number(values.rows);
const batchRows = Number(values['batch-size']);
const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-import-'));
const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3001' });
const loupe = await createApp(config, { dashboard: { buildWhenStale: false } });
try {
  const caller = injectCaller(loupe.app, config.baseUrl);
  for (const format of formats) {
    const { site } = await bootstrap(caller, { email: `bench-${format}@example.com`, password: 'a-long-password', org: `bench ${format}`, domain: `${format}.example.com` });
    const file = join(dir, format === 'umami' ? 'umami.csv' : 'events.ndjson');
    // The generator spreads rows over the 60 days before `end` and past it for large counts: end early enough that none is in the future.
    await writeGeneratedExport(file, format, rows, Date.now() - 86_400_000 + Math.min(0, 60 * 86_400_000 - rows * 10_000));
    const fileMb = (await stat(file)).size / 1024 / 1024;
    for (const run of ['first import', 'same file again']) {
      const idleMb = (readRssKb(process.pid) ?? 0) / 1024;
      const idle = sampleMemory();
      const rss = new RssSampler(process.pid);
      const parts = new MemoryBreakdownSampler();
      const started = performance.now();
      const summary = await runImport(localImportTarget(loupe.services.imports, site.siteId), { file, format, batchRows });
      const seconds = (performance.now() - started) / 1000;
      rss.stop();
      const { atPeak, peaks } = parts.stop();
      const line = `${format.padEnd(6)} ${run.padEnd(16)} ${summary.rowsRead} rows read (${fileMb.toFixed(0)} MB), ${summary.imported} imported, ${summary.skipped.total} skipped in ${seconds.toFixed(1)} s: ${Math.round(summary.rowsRead / seconds).toLocaleString('en-US')} rows/s; RSS ${idleMb.toFixed(0)} MB before, peak ${rss.peakMb().toFixed(0)} MB (+${(rss.peakMb() - idleMb).toFixed(0)} MB)`;
      process.stdout.write(`${line}\n`);
      process.stdout.write(`       before: ${describeSample(idle)}\n       at the peak of anonymous memory: ${describeSample(atPeak)}\n`);
      process.stdout.write(`       each part's own peak above before: V8 heap +${(peaks.heapMb - idle.heapMb).toFixed(0)} MB, buffers +${(peaks.externalMb - idle.externalMb).toFixed(0)} MB, native/engine +${(peaks.nativeMb - nativeMb(idle)).toFixed(0)} MB, file-backed +${(peaks.fileMb - idle.fileMb).toFixed(0)} MB\n`);
    }
  }
} finally {
  await loupe.close();
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(`\nbatch size ${batchRows}, in process on chDB (DATA_DIR in ${tmpdir()})\n`);
