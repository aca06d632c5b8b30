// Puts a finished build folder in place of the served one, tolerating another process doing the same at once.
import { renameSync, rmSync } from 'node:fs';

/** Moves `builtDir` to `distDir`; another process starting at the same time may have put its own there first. */
export function installBuild(builtDir: string, distDir: string, suffix: string): void {
  const previous = `${distDir}.previous-${suffix}`;
  try {
    renameSync(distDir, previous);
  } catch {
    // nothing to move aside
  }
  try {
    renameSync(builtDir, distDir);
  } catch {
    rmSync(builtDir, { recursive: true, force: true });
  }
  rmSync(previous, { recursive: true, force: true });
}
