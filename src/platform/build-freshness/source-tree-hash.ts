// The hash a built bundle records of what it was built from (source files and package versions), so a start can
// tell a stale build by hashing the sources again, without building.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface SourceTree {
  /** The folder the entries are relative to. */
  readonly rootDir: string;
  /** Files or folders under rootDir (with `/`), in the order hashed; a folder stands for every file under it, sorted. */
  readonly entries: readonly string[];
  /** Packages whose installed version changes the built bytes. */
  readonly packages: readonly string[];
  /** The node_modules folder the build resolves packages from. */
  readonly nodeModulesDir: string;
}

/** Relative paths (with `/`) of every file under `dir`, sorted. */
function filesUnder(dir: string, prefix: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = `${prefix}${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(join(dir, entry.name), `${path}/`));
    else found.push(path);
  }
  return found.sort();
}

export function installedVersion(nodeModulesDir: string, name: string): string {
  try {
    const manifest = JSON.parse(readFileSync(join(nodeModulesDir, name, 'package.json'), 'utf8')) as { version?: unknown };
    return typeof manifest.version === 'string' ? manifest.version : 'unknown';
  } catch {
    return 'missing';
  }
}

function expand(rootDir: string, entry: string): string[] {
  return statSync(join(rootDir, entry)).isDirectory() ? filesUnder(join(rootDir, entry), `${entry}/`) : [entry];
}

/** Hex sha256 over `<path>\0<bytes>\0` for each file of the entries, then `<package>@<version>` joined by `\0`. */
export function sourceTreeHash(tree: SourceTree): string {
  const hash = createHash('sha256');
  for (const path of tree.entries.flatMap((entry) => expand(tree.rootDir, entry))) {
    hash.update(`${path}\0`).update(readFileSync(join(tree.rootDir, path))).update('\0');
  }
  hash.update(tree.packages.map((name) => `${name}@${installedVersion(tree.nodeModulesDir, name)}`).join('\0'));
  return hash.digest('hex');
}
