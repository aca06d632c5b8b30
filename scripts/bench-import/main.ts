// `npm run bench:import`: rows per second of `loupe import` (in process, on a fresh DATA_DIR) for a large
// generated Umami CSV and Loupe NDJSON file, then the same file again (every row recognised and skipped).
// Options: --rows 200000 --batch-size 5000
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createApp } from '../../src/app.js';
import { injectCaller } from '../../src/cli/api-caller.js';
import { bootstrap } from '../../src/cli/bootstrap.js';
import { runImport } from '../../src/cli/import-command.js';
import { localImportTarget } from '../../src/imports/service-import-targets.js';
import { loadConfig } from '../../src/config.js';
import { writeGeneratedExport } from './generated-export.js';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '200000' }, 'batch-size': { type: 'string', default: '5000' } } });
const rows = Number(values.rows);
const batchRows = Number(values['batch-size']);
const dir = await mkdtemp(join(tmpdir(), 'loupe-bench-import-'));
const config = loadConfig({ DATA_DIR: join(dir, 'data'), LOG_LEVEL: 'silent', BASE_URL: 'http://localhost:3001' });
const loupe = await createApp(config, { dashboard: { buildWhenStale: false } });
try {
  const caller = injectCaller(loupe.app, config.baseUrl);
  for (const format of ['umami', 'loupe'] as const) {
    const { site } = await bootstrap(caller, { email: `bench-${format}@example.com`, password: 'a-long-password', org: `bench ${format}`, domain: `${format}.example.com` });
    const file = join(dir, format === 'umami' ? 'umami.csv' : 'events.ndjson');
    await writeGeneratedExport(file, format, rows, Date.now() - 86_400_000);
    for (const run of ['first import', 'same file again']) {
      const started = performance.now();
      const summary = await runImport(localImportTarget(loupe.services.imports, site.siteId), { file, format, batchRows });
      const seconds = (performance.now() - started) / 1000;
      const line = `${format.padEnd(6)} ${run.padEnd(16)} ${summary.rowsRead} rows read, ${summary.imported} imported, ${summary.skipped.total} skipped in ${seconds.toFixed(1)} s: ${Math.round(summary.rowsRead / seconds).toLocaleString('en-US')} rows/s`;
      process.stdout.write(`${line}\n`);
    }
  }
} finally {
  await loupe.close();
  await rm(dir, { recursive: true, force: true });
}
process.stdout.write(`\nbatch size ${batchRows}, in process on chDB (DATA_DIR in ${tmpdir()})\n`);
