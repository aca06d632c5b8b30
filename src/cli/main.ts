// Command-line entry (`npm run cli -- <command>`, or the `loupe` bin): bootstrap an instance, set plans, import
// files, export a site's events, back an instance up and restore it.
import { parseArgs } from 'node:util';
import type { LoupeApp } from '../app.js';
import { loadConfig } from '../config.js';
import { returnEngineMemoryAtOnce } from '../platform/analytics-store/chdb-allocator.js';
import { tuneGarbageCollector } from '../platform/garbage-collector-tuning.js';

// An import reads and maps a file in batches whose rows live for seconds (until they are stored), long enough
// to reach the old generation: with V8's own growth factor (up to 4x the live heap) the heap grew 161 MB on a
// 20 MB file before a full collection came (`npm run bench:import`); the server's factor of 2 bounds that.
tuneGarbageCollector();
// Before the app (and the engine's library with it) is loaded: an import's merges hand their pages back as they
// end, so the command line's peak is not one merge's leftovers on top of the next (decision 0057).
returnEngineMemoryAtOnce();

/**
 * Each command loads only the modules it uses, when it runs: an import over HTTP never loads the embedded store
 * (a 566 MB library), the app or the metadata store, and the usage loads every command's text. A command
 * line's start is mostly module loading (tests start it dozens of times).
 */
async function usage(): Promise<string> {
  const [{ PLAN_USAGE }, { IMPORT_USAGE }, { EXPORT_USAGE }, { BACKUP_USAGE }] = await Promise.all([
    import('./plan-command.js'), import('./import-command.js'), import('./export-command.js'), import('./backup-command.js'),
  ]);
  return `Usage:
  loupe bootstrap --email <email> --password <password> --org <name> --domain <domain> [--url <server>]

  Creates an account, an organization, a site and an organization API key, and prints them as JSON.
  Without --url it works directly on DATA_DIR (stop the server first: the embedded stores allow one process);
  with --url it talks to a running server.

${PLAN_USAGE}

${IMPORT_USAGE}

${EXPORT_USAGE}

${BACKUP_USAGE}`;
}

/**
 * The whole app, for the commands that work on DATA_DIR through it. Loaded only then: `plan`, `export`, the
 * `--url` forms and the usage start in a fraction of the time without Fastify, better-auth and every feature.
 * The app serves no page here, so it never builds the dashboard.
 */
async function startApp(config: ReturnType<typeof loadConfig>): Promise<LoupeApp> {
  const { createApp } = await import('../app.js');
  return createApp(config, { dashboard: { buildWhenStale: false } });
}

function print(value: unknown): void {
  process.stdout.write(JSON.stringify(value, null, 2) + '\n');
}

async function runBootstrap(rest: string[]): Promise<number> {
  const { values } = parseArgs({
    args: rest,
    options: { email: { type: 'string' }, password: { type: 'string' }, org: { type: 'string' }, domain: { type: 'string' }, name: { type: 'string' }, url: { type: 'string' } },
    strict: true,
  });
  const { email, password, org, domain } = values;
  if (!email || !password || !org || !domain) {
    process.stderr.write((await usage()) + '\n');
    return 2;
  }
  const input = { email, password, org, domain, name: values.name };
  const [{ bootstrap }, { httpCaller, injectCaller }] = await Promise.all([import('./bootstrap.js'), import('./api-caller.js')]);
  if (values.url) {
    print(await bootstrap(httpCaller(values.url.replace(/\/+$/, '')), input));
    return 0;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
  const loupe = await startApp(config);
  try {
    print(await bootstrap(injectCaller(loupe.app, config.baseUrl), input));
  } finally {
    await loupe.close();
  }
  return 0;
}

/** Opens only the metadata store (not the analytics store), so it runs beside a running server. */
async function runPlan(rest: string[]): Promise<number> {
  const [{ createMetadataDb }, { migrateMetadataDb }, { CliUsageError, planCommand }] = await Promise.all([
    import('../platform/metadata-store/create-metadata-db.js'), import('../platform/metadata-store/metadata-migrations.js'), import('./plan-command.js'),
  ]);
  const meta = createMetadataDb(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
  try {
    await migrateMetadataDb(meta);
    print(await planCommand(rest, meta));
    return 0;
  } catch (err) {
    if (!(err instanceof CliUsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${await usage()}\n`);
    return 2;
  } finally {
    await meta.close();
  }
}

/** `import`: over HTTP with --url and --api-key, else on DATA_DIR in this process. Exit 1 on a bad file (the import is deleted). */
async function runImportCommand(rest: string[]): Promise<number> {
  const { values } = parseArgs({
    args: rest,
    options: { site: { type: 'string' }, format: { type: 'string' }, file: { type: 'string' }, url: { type: 'string' }, 'api-key': { type: 'string' }, 'batch-size': { type: 'string' } },
    strict: true,
  });
  const { site, format, file } = values;
  const { DEFAULT_BATCH_ROWS, isFileFormat, runImport } = await import('./import-command.js');
  const batchRows = values['batch-size'] === undefined ? DEFAULT_BATCH_ROWS : Number(values['batch-size']);
  const usable = site && format && isFileFormat(format) && file && Number.isInteger(batchRows) && batchRows >= 1 && batchRows <= 100_000;
  if (!usable || (values.url !== undefined) !== (values['api-key'] !== undefined) || (!values.url && !/^\d+$/.test(site))) {
    process.stderr.write((await usage()) + '\n');
    return 2;
  }
  const options = { file, format, batchRows, progress: process.stderr };
  const { ImportFileError, localImportTarget } = await import('../imports/index.js');
  try {
    if (values.url && values['api-key']) {
      const { httpImportTarget } = await import('./import-targets.js');
      print(await runImport(httpImportTarget(values.url, values['api-key'], site), options));
      return 0;
    }
    const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
    const loupe = await startApp(config);
    try {
      if (!(await loupe.services.sites.get(Number(site)))) throw new Error(`no site with id ${site}`);
      print(await runImport(localImportTarget(loupe.services.imports, Number(site)), options));
    } finally {
      await loupe.close();
    }
    return 0;
  } catch (err) {
    if (!(err instanceof ImportFileError)) throw err;
    process.stderr.write(`error: ${err.message} (nothing was imported)\n`);
    return 1;
  }
}

/** A command working on DATA_DIR's stores itself: a usage error prints the usage and exits with 2. */
async function runOnDataDir(run: (config: ReturnType<typeof loadConfig>) => Promise<unknown>): Promise<number> {
  try {
    const answer = await run(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
    if (answer !== undefined) print(answer);
    return 0;
  } catch (err) {
    const [{ CliUsageError }, { StatsParamError }] = await Promise.all([import('./plan-command.js'), import('../stats/bad-request-error.js')]);
    if (!(err instanceof CliUsageError || err instanceof StatsParamError)) throw err;
    process.stderr.write(`${err.message}\n\n${await usage()}\n`);
    return 2;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'bootstrap') return runBootstrap(rest);
  if (command === 'plan') return runPlan(rest);
  if (command === 'import') return runImportCommand(rest);
  if (command === 'export') return runOnDataDir(async (config) => (await import('./export-command.js')).exportCommand(rest, config));
  if (command === 'backup') return runOnDataDir(async (config) => (await import('./backup-command.js')).backupCommand(rest, config));
  if (command === 'restore') return runOnDataDir(async (config) => (await import('./backup-command.js')).restoreCommand(rest, config));
  process.stderr.write((await usage()) + '\n');
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
