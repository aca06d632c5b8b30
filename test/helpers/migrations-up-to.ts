// A copy of the analytics migrations folder that stops at a given version, to build a store as an earlier release left it.
import { copyFileSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';

/** Copies migrations/analytics files numbered up to `last` (e.g. '0004') into `<root>/up-to-<last>` and answers that folder. */
export function migrationsUpTo(root: string, last: string): string {
  const source = projectPath('migrations', 'analytics');
  const dir = join(root, `up-to-${last}`);
  mkdirSync(dir, { recursive: true });
  for (const file of readdirSync(source).filter((name) => /^\d{4}_.+\.sql$/.test(name) && name.slice(0, 4) <= last)) {
    copyFileSync(join(source, file), join(dir, file));
  }
  return dir;
}
