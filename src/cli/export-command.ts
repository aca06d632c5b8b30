// `export --site <id>`: a site's raw events as NDJSON or CSV, to a file or stdout; straight from DATA_DIR's
// stores (server stopped, or beside it with CLICKHOUSE_URL), or from a running server with --url and a key.
import { createWriteStream } from 'node:fs';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { AppConfig } from '../config.js';
import { exportStream, type ExportFormat } from '../exports/index.js';
import { createAnalyticsStore } from '../platform/analytics-store/create-analytics-store.js';
import { createMetadataDb } from '../platform/metadata-store/create-metadata-db.js';
import { SiteRepository } from '../sites/index.js';
import { resolveTimeRange } from '../stats/time-range.js';
import { CliUsageError } from './plan-command.js';

export const EXPORT_USAGE = `  loupe export --site <siteId|public id> [--start-date YYYY-MM-DD --end-date YYYY-MM-DD] [--time-zone <IANA>]
               [--format ndjson|csv] [--bots] [--replays] [--out <file>] [--url <server> --key <api key>]

  Writes the site's raw events (docs/exports.md), with --replays also its session recordings (NDJSON), to --out, or to stdout. Without --url it reads DATA_DIR's
  stores directly (stop the server first unless CLICKHOUSE_URL is set); with --url it asks a running server,
  authenticated by --key (or LOUPE_API_KEY).`;

interface ExportArgs {
  readonly site: string;
  readonly query: { start_date?: string; end_date?: string; time_zone?: string };
  readonly format: ExportFormat;
  readonly bots: boolean;
  readonly replays: boolean;
  readonly out: string | undefined;
  readonly url: string | undefined;
  readonly key: string | undefined;
}

function parseExportArgs(args: readonly string[]): ExportArgs {
  const { values } = parseArgs({
    args: [...args],
    options: {
      site: { type: 'string' }, 'start-date': { type: 'string' }, 'end-date': { type: 'string' }, 'time-zone': { type: 'string' },
      format: { type: 'string' }, bots: { type: 'boolean' }, replays: { type: 'boolean' }, out: { type: 'string' }, url: { type: 'string' }, key: { type: 'string' },
    },
    strict: true,
  });
  if (!values.site) throw new CliUsageError('export needs --site <siteId>');
  const format = values.format ?? 'ndjson';
  if (format !== 'ndjson' && format !== 'csv') throw new CliUsageError('--format must be ndjson or csv');
  if (values.replays === true && format !== 'ndjson') throw new CliUsageError('--replays exports NDJSON only');
  const query = {
    ...(values['start-date'] ? { start_date: values['start-date'] } : {}),
    ...(values['end-date'] ? { end_date: values['end-date'] } : {}),
    ...(values['time-zone'] ? { time_zone: values['time-zone'] } : {}),
  };
  return { site: values.site, query, format, bots: values.bots === true, replays: values.replays === true, out: values.out, url: values.url, key: values.key ?? process.env.LOUPE_API_KEY };
}

function destination(out: string | undefined): Writable {
  // stdout stays open after the export: the process prints nothing else there.
  return out ? createWriteStream(out) : new Writable({ write: (chunk, _encoding, done) => void process.stdout.write(chunk, () => done()) });
}

async function exportFromServer(args: ExportArgs): Promise<void> {
  if (!args.key) throw new CliUsageError('export --url needs --key <api key> (or LOUPE_API_KEY)');
  const query = new URLSearchParams({ ...args.query, format: args.format, ...(args.bots ? { bots: 'true' } : {}), ...(args.replays ? { replays: 'true' } : {}) });
  const url = `${args.url?.replace(/\/+$/, '')}/api/sites/${encodeURIComponent(args.site)}/export?${query.toString()}`;
  const response = await fetch(url, { headers: { authorization: `Bearer ${args.key}` } });
  if (!response.ok || !response.body) throw new Error(`the server answered ${response.status}: ${await response.text()}`);
  await pipeline(Readable.fromWeb(response.body), destination(args.out));
}

async function exportFromStores(args: ExportArgs, config: AppConfig): Promise<void> {
  const range = resolveTimeRange(args.query, new Date());
  const meta = createMetadataDb(config);
  const site = await new SiteRepository(meta.db).get(args.site).finally(() => meta.close());
  if (!site) throw new Error(`no site ${args.site}`);
  const store = createAnalyticsStore(config);
  try {
    await pipeline(exportStream(store, { siteId: site.siteId, range, format: args.format, bots: args.bots, replays: args.replays }), destination(args.out));
  } finally {
    await store.close();
  }
}

export async function exportCommand(args: readonly string[], config: AppConfig): Promise<void> {
  const parsed = parseExportArgs(args);
  if (parsed.url) await exportFromServer(parsed);
  else await exportFromStores(parsed, config);
}
