// Runs the `loupe` command line (`node --import tsx src/cli/main.ts ...`) as a child process, as an operator would.
import { execFile } from 'node:child_process';
import { projectPath } from '../../src/platform/project-path.js';

export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * `env` replaces the store selectors of the test process: DATA_DIR is required, DATABASE_URL is passed only
 * when given (CI exports one for other suites, and the CLI must not pick it up by accident).
 */
export function runCli(args: readonly string[], env: { readonly DATA_DIR: string; readonly DATABASE_URL?: string | undefined }): Promise<CliRun> {
  const inherited = { ...process.env };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'CLICKHOUSE_URL', 'BASE_URL']) delete inherited[name];
  const childEnv = { ...inherited, DATA_DIR: env.DATA_DIR, ...(env.DATABASE_URL ? { DATABASE_URL: env.DATABASE_URL } : {}) };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', projectPath('src', 'cli', 'main.ts'), ...args], { cwd: projectPath(), env: childEnv, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, stdout, stderr });
    });
  });
}
