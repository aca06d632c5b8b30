// Creates the benchmark's account, organization and site on a fresh DATA_DIR through Loupe's own CLI.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { z } from 'zod';

const BootstrapOutput = z.object({ site: z.object({ siteId: z.number().int(), id: z.string().min(1), domain: z.string() }) });

export interface BenchSite {
  readonly siteId: number;
  readonly id: string;
  readonly domain: string;
}

export async function bootstrapSite(repoRoot: string, dataDir: string, domain: string): Promise<BenchSite> {
  const args = [
    '--import', 'tsx', 'src/cli/main.ts', 'bootstrap',
    '--email', 'bench@example.com', '--password', 'bench-password-2024', '--org', 'Bench', '--domain', domain,
  ];
  const { stdout } = await promisify(execFile)(process.execPath, args, {
    cwd: repoRoot,
    env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    maxBuffer: 1024 * 1024,
  });
  return BootstrapOutput.parse(JSON.parse(stdout) as unknown).site;
}
