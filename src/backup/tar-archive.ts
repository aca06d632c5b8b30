// One .tar.gz file from a directory and back, with the system's `tar` (present on every Linux and macOS host).
// An archive to unpack is listed first: any member but a regular file or a directory (a symbolic or hard
// link, a device, a FIFO) refuses the whole archive, since a crafted link would point DATA_DIR's files at
// others of the host; so does an absolute name or one that climbs out with `..`.
import { spawn } from 'node:child_process';
import { lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

export class UnsafeArchiveError extends Error {}

function runTar(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, LC_ALL: 'C' } });
    const stdout: Buffer[] = [];
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => stdout.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', (err) => reject(new Error(`tar could not run: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(stdout).toString('utf8')) : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`))));
  });
}

/** Packs the contents of `dir` into the gzip-compressed tar file `archive`. */
export async function packDirectory(dir: string, archive: string): Promise<void> {
  await runTar(['-czf', archive, '-C', dir, '.']);
}

/** The first member of a verbose listing that is not a plain file or folder, or has an unsafe name. */
export function unsafeMember(listing: string, names: string): string | undefined {
  const kinds = listing.split('\n').filter((line) => line !== '');
  const bad = kinds.find((line) => line[0] !== '-' && line[0] !== 'd');
  if (bad !== undefined) return `${bad.slice(0, 200)} (only regular files and folders are restored)`;
  const badName = names.split('\n').filter((name) => name !== '').find((name) => name.startsWith('/') || name.split('/').includes('..'));
  return badName === undefined ? undefined : `${badName.slice(0, 200)} (a name outside the archive's folder)`;
}

/** Every path under `dir` that is not a regular file with one link or a folder. */
function unsafeFiles(dir: string): string | undefined {
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    const stats = lstatSync(path);
    if (stats.isDirectory()) {
      const inside = unsafeFiles(path);
      if (inside !== undefined) return inside;
    } else if (!stats.isFile() || stats.nlink > 1) return path;
  }
  return undefined;
}

/** Unpacks `archive` into the existing empty directory `dir`, refusing links and special files (before and after). */
export async function unpackArchive(archive: string, dir: string): Promise<void> {
  const verbose = await runTar(['-tvzf', archive]);
  const names = await runTar(['-tzf', archive]);
  const unsafe = unsafeMember(verbose, names);
  if (unsafe !== undefined) throw new UnsafeArchiveError(`the archive holds ${unsafe}`);
  await runTar(['-xzf', archive, '-C', dir, '--no-same-owner']);
  const left = unsafeFiles(dir);
  if (left !== undefined) throw new UnsafeArchiveError(`the archive holds ${left.slice(dir.length + 1)}, which is not a regular file or folder`);
}
