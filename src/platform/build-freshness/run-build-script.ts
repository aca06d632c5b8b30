// Runs one of the project's build scripts (web/build.ts, tracker/build.ts) in a child process: the server asks
// for a build and reads its output, it never imports a builder (they import src/, so that would be a circle, and
// it would load Vite or esbuild into the server). Enforced by the `loupe/inside-src` lint rule.
import { spawn } from 'node:child_process';

/** How much of the script's error output a failure quotes. */
const QUOTED_OUTPUT = 4000;

/**
 * Runs `node --import tsx <script> <outDir>` in `cwd` (the project folder, where tsx is installed) and resolves when
 * it exits 0; rejects with the end of its error output otherwise. `script` is an absolute path.
 */
export function runBuildScript(script: string, outDir: string, cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, outDir], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      errors = (errors + chunk).slice(-QUOTED_OUTPUT);
    });
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${script} failed (${signal ?? `exit ${String(code)}`}): ${errors.trim()}`));
    });
  });
}
