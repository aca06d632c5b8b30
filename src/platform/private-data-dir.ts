// DATA_DIR and everything Loupe writes in it are readable by the service's user only: meta.db holds session
// tokens and salts, the spool holds client addresses, secrets/ holds the instance secret.
import { chmodSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { isMainThread } from 'node:worker_threads';

/** Group and other get no bits on anything this process creates from now on (files 0600, folders 0700). */
const PRIVATE_UMASK = 0o077;

/**
 * Creates `dir` (0700) if missing and takes group and other access away from it and its direct entries
 * (a folder made by an earlier version, or by hand, may be open). The process umask becomes 0077, so the
 * stores, the spool and the secret are created owner-only; chDB and SQLite honour the umask.
 * Returns the entries it could not tighten (for a warning): a folder owned by another user cannot be chmod'ed.
 */
export function preparePrivateDataDir(dir: string): string[] {
  if (isMainThread) process.umask(PRIVATE_UMASK);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const problems: string[] = [];
  const tighten = (path: string) => {
    try {
      const mode = statSync(path).mode & 0o7777;
      if ((mode & PRIVATE_UMASK) !== 0) chmodSync(path, mode & ~PRIVATE_UMASK);
    } catch (err) {
      problems.push(`${path}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
    }
  };
  tighten(dir);
  for (const entry of readdirSync(dir)) tighten(join(dir, entry));
  return problems;
}
