// The benchmark's site on DATA_DIR: created once with Loupe's CLI (account, organization, site and an
// organization API key, straight on the stores while no server runs) and remembered in a file beside them.
import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { z } from 'zod';

const BenchSiteSchema = z.object({
  siteId: z.number().int().min(1),
  id: z.string().min(1),
  domain: z.string(),
  apiKey: z.string().min(1),
});
export type BenchSite = z.output<typeof BenchSiteSchema>;

const CliOutput = z.object({
  site: z.object({ siteId: z.number().int(), id: z.string(), domain: z.string() }),
  apiKey: z.object({ key: z.string().min(1) }),
});

export const BENCH_SITE_FILE = 'bench-query-site.json';

/** The site remembered in DATA_DIR, or undefined on a data directory the benchmark has not used yet. */
export function readBenchSite(dataDir: string): BenchSite | undefined {
  const file = join(dataDir, BENCH_SITE_FILE);
  if (!existsSync(file)) return undefined;
  return BenchSiteSchema.parse(JSON.parse(readFileSync(file, 'utf8')) as unknown);
}

/** Runs `loupe bootstrap` on DATA_DIR (the server must not be running) and remembers the result. */
export async function bootstrapBenchSite(repoRoot: string, dataDir: string, domain: string): Promise<BenchSite> {
  const args = [
    '--import', 'tsx', 'src/cli/main.ts', 'bootstrap',
    '--email', 'bench-query@example.com', '--password', 'bench-query-password-2024', '--org', 'Query benchmark', '--domain', domain,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    maxBuffer: 1024 * 1024,
  });
  const output = CliOutput.parse(JSON.parse(stdout) as unknown);
  const site: BenchSite = { ...output.site, apiKey: output.apiKey.key };
  writeFileSync(join(dataDir, BENCH_SITE_FILE), JSON.stringify(site, null, 2) + '\n');
  return site;
}
