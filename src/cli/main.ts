// Command-line entry (`npm run cli -- <command>`, or the `loupe` bin): bootstrap an instance, set plans, import
// files, export a site's events, back an instance up and restore it.
import { parseArgs } from 'node:util';
import type { LoupeApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createMetadataDb } from '../platform/metadata-store/create-metadata-db.js';
import { migrateMetadataDb } from '../platform/metadata-store/metadata-migrations.js';
import { StatsParamError } from '../stats/bad-request-error.js';
import { httpCaller, injectCaller } from './api-caller.js';
import { bootstrap } from './bootstrap.js';
import { CliUsageError, PLAN_USAGE, planCommand } from './plan-command.js';
import { DEFAULT_BATCH_ROWS, IMPORT_USAGE, isFileFormat, runImport } from './import-command.js';
import { httpImportTarget } from './import-targets.js';
import { localImportTarget } from '../imports/index.js';
import { ImportFileError } from '../imports/index.js';
import { BACKUP_USAGE, backupCommand, restoreCommand } from './backup-command.js';
import { EXPORT_USAGE, exportCommand } from './export-command.js';

const USAGE = `Usage:
  loupe bootstrap --email <email> --password <password> --org <name> --domain <domain> [--url <server>]

  Creates an account, an organization, a site and an organization API key, and prints them as JSON.
  Without --url it works directly on DATA_DIR (stop the server first: the embedded stores allow one process);
  with --url it talks to a running server.

${PLAN_USAGE}

${IMPORT_USAGE}

${EXPORT_USAGE}

${BACKUP_USAGE}`;

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
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  const input = { email, password, org, domain, name: values.name };
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
  const meta = createMetadataDb(loadConfig({ ...process.env, LOG_LEVEL: 'silent' }));
  try {
    await migrateMetadataDb(meta);
    print(await planCommand(rest, meta));
    return 0;
  } catch (err) {
    if (!(err instanceof CliUsageError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
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
  const batchRows = values['batch-size'] === undefined ? DEFAULT_BATCH_ROWS : Number(values['batch-size']);
  const usable = site && format && isFileFormat(format) && file && Number.isInteger(batchRows) && batchRows >= 1 && batchRows <= 100_000;
  if (!usable || (values.url !== undefined) !== (values['api-key'] !== undefined) || (!values.url && !/^\d+$/.test(site))) {
    process.stderr.write(USAGE + '\n');
    return 2;
  }
  const options = { file, format, batchRows, progress: process.stderr };
  try {
    if (values.url && values['api-key']) {
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
    if (!(err instanceof CliUsageError || err instanceof StatsParamError)) throw err;
    process.stderr.write(`${err.message}\n\n${USAGE}\n`);
    return 2;
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === 'bootstrap') return runBootstrap(rest);
  if (command === 'plan') return runPlan(rest);
  if (command === 'import') return runImportCommand(rest);
  if (command === 'export') return runOnDataDir((config) => exportCommand(rest, config));
  if (command === 'backup') return runOnDataDir((config) => backupCommand(rest, config));
  if (command === 'restore') return runOnDataDir((config) => restoreCommand(rest, config));
  process.stderr.write(USAGE + '\n');
  return command === undefined || command === 'help' || command === '--help' ? 0 : 2;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`error: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
