// One .tar.gz file from a directory and back, with the system's `tar` (present on every Linux and macOS host).
import { spawn } from 'node:child_process';

function runTar(args: readonly string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('tar', args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => { stderr += chunk.toString(); });
    child.on('error', (err) => reject(new Error(`tar could not run: ${err.message}`)));
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`tar ${args[0]} failed (${code}): ${stderr.trim()}`))));
  });
}

/** Packs the contents of `dir` into the gzip-compressed tar file `archive`. */
export function packDirectory(dir: string, archive: string): Promise<void> {
  return runTar(['-czf', archive, '-C', dir, '.']);
}

/** Unpacks `archive` into the existing directory `dir`. */
export function unpackArchive(archive: string, dir: string): Promise<void> {
  return runTar(['-xzf', archive, '-C', dir]);
}
