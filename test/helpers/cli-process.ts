// Runs the `loupe` command line as a child process, as an operator would: from the bundle `bin/loupe.js` runs
// (bin/build-server-bundle.js), built once per test process, so each start loads plain JavaScript instead of
// compiling the TypeScript sources through tsx (about 3 s of CPU less per start).
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

let bundle: Promise<string> | undefined;

/** The bundle's directory (the builder answers at once when the sources have not changed since the last build). */
function bundleDirectory(): Promise<string> {
  bundle ??= new Promise((resolve, reject) => {
    execFile(process.execPath, [projectPath('bin', 'build-server-bundle.js')], { cwd: projectPath(), timeout: 120_000 }, (error, stdout) => {
      if (error) reject(error);
      else resolve(stdout.trim());
    });
  });
  return bundle;
}

/**
 * `env` replaces the store selectors of the test process: DATA_DIR is required, DATABASE_URL is passed only
 * when given (CI exports one for other suites, and the CLI must not pick it up by accident).
 */
export async function runCli(args: readonly string[], env: { readonly DATA_DIR: string; readonly DATABASE_URL?: string | undefined }): Promise<CliRun> {
  const dir = await bundleDirectory();
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'CLICKHOUSE_URL', 'BASE_URL']) delete inherited[name];
  // As bin/loupe.js sets it: the metadata migrations and the enrichment thread come from the bundle too.
  const childEnv = { ...inherited, LOUPE_BUNDLE_DIR: dir, DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--enable-source-maps', join(dir, 'cli.js'), ...args], { cwd: projectPath(), env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
