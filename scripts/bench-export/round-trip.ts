// The round trip of the export benchmark, as a user makes it: the NDJSON export imported with `loupe import
// --format loupe --url ...` into a fresh instance (the original's metadata, an empty analytics store), while
// the resident memory of the server and of the command are sampled.
import { execFile } from 'node:child_process';
import { copyFileSync, cpSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import { RssSampler } from '../bench-ingest/rss-sampler.js';
import type { ServerProcess } from '../bench-ingest/server-process.js';
import type { BenchSite } from '../bench-query/bench-site.js';

/** Copies the metadata (account, site, key, goals) of `from` into the new data directory `to`. */
export function copyMetadata(from: string, to: string): void {
  mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const file of ['meta.db', 'meta.db-wal', 'bench-query-site.json']) {
    if (existsSync(join(from, file))) copyFileSync(join(from, file), join(to, file));
  }
  cpSync(join(from, 'secrets'), join(to, 'secrets'), { recursive: true });
}

const ImportSummarySchema = z.object({
  importId: z.string(),
  rowsRead: z.number(),
  imported: z.number(),
  skipped: z.object({ total: z.number(), reasons: z.record(z.string(), z.number()) }),
  seconds: z.number(),
});

export interface ImportReading {
  readonly summary: z.output<typeof ImportSummarySchema>;
  readonly seconds: number;
  readonly serverPeakRssMb: number;
  readonly commandPeakRssMb: number;
}

/** Runs `loupe import --format loupe` on the file against the server, in batches of `batchRows`. */
export async function importThroughCli(repoRoot: string, server: ServerProcess, site: BenchSite, file: string, batchRows: number): Promise<ImportReading> {
  const serverRss = new RssSampler(server.pid, 100);
  const startedAt = performance.now();
  let commandRss: RssSampler | undefined;
  const stdout = await new Promise<string>((resolve, reject) => {
    const args = ['--import', 'tsx', 'src/cli/main.ts', 'import', '--url', server.baseUrl, '--api-key', site.apiKey, '--site', String(site.siteId), '--format', 'loupe', '--file', file, '--batch-size', String(batchRows)];
    const child = execFile(process.execPath, args, { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'silent' }, maxBuffer: 1024 * 1024 }, (error, out, err) => {
      if (error) reject(new Error(`loupe import failed: ${err.slice(-2000)}`));
      else resolve(out);
    });
    if (child.pid !== undefined) commandRss = new RssSampler(child.pid, 100);
  });
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    summary: ImportSummarySchema.parse(JSON.parse(stdout) as unknown),
    seconds,
    serverPeakRssMb: serverRss.stop(),
    commandPeakRssMb: commandRss?.stop() ?? 0,
  };
}
