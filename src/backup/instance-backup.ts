// Backup and restore of an embedded instance (chDB + SQLite under DATA_DIR) as one .tar.gz archive: the
// analytics store through ClickHouse's BACKUP, the metadata store through SQLite's VACUUM INTO (a consistent copy), the
// instance secret and the event spool as files. The server must be stopped (the embedded analytics store
// admits one process), which the backup checks by taking the store itself.
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'libsql';
import { backupChdb, restoreChdb } from '../platform/analytics-store/chdb-snapshot.js';
import { packDirectory, unpackArchive } from './tar-archive.js';

export interface EmbeddedInstance {
  readonly dataDir: string;
  readonly databaseUrl?: string | undefined;
  readonly clickhouseUrl?: string | undefined;
}

interface Manifest {
  readonly format: 'loupe-backup';
  readonly version: 1;
  readonly createdAt: string;
  /** What the archive holds besides the two stores (present only when the instance had them). */
  readonly files: readonly string[];
}

const MANIFEST = 'manifest.json';
/** Copied as they are: the instance secret (sessions, sealed secrets) and acknowledged events not yet stored. */
const PLAIN_ENTRIES = ['secrets', 'spool'] as const;

export class BackupError extends Error {}

function requireEmbedded(instance: EmbeddedInstance): void {
  if (instance.databaseUrl || instance.clickhouseUrl) {
    throw new BackupError('backup and restore cover the embedded stores only; with DATABASE_URL or CLICKHOUSE_URL set, back those servers up with their own tools (pg_dump, ClickHouse BACKUP)');
  }
}

async function inStaging<T>(run: (staging: string) => Promise<T>): Promise<T> {
  const staging = mkdtempSync(join(tmpdir(), 'loupe-backup-'));
  try {
    return await run(staging);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** A chDB session on a directory another process holds fails: say what to do. */
async function withStoreOf<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    if (/lock|in use|another|busy|failed to create connection/i.test(message)) throw new BackupError(`the analytics store is in use: stop the server first (${message})`);
    throw err;
  }
}

/** Writes the archive of the instance at `dataDir` to `archive`; returns what it holds. */
export async function backupInstance(instance: EmbeddedInstance, archive: string): Promise<Manifest> {
  requireEmbedded(instance);
  const metaDb = join(instance.dataDir, 'meta.db');
  if (!existsSync(metaDb) || !existsSync(join(instance.dataDir, 'analytics'))) throw new BackupError(`no Loupe instance in ${instance.dataDir}`);
  if (existsSync(archive)) throw new BackupError(`${archive} exists already`);
  return inStaging(async (staging) => {
    await withStoreOf(() => backupChdb(join(instance.dataDir, 'analytics'), join(staging, 'analytics')));
    const sqlite = new SQLite(metaDb, { readonly: true, fileMustExist: true });
    try {
      // A consistent copy of the database as one read transaction sees it, while the server may be writing.
      sqlite.prepare('VACUUM INTO ?').run(join(staging, 'meta.db'));
    } finally {
      sqlite.close();
    }
    const files = PLAIN_ENTRIES.filter((entry) => existsSync(join(instance.dataDir, entry)));
    for (const entry of files) cpSync(join(instance.dataDir, entry), join(staging, entry), { recursive: true });
    const manifest: Manifest = { format: 'loupe-backup', version: 1, createdAt: new Date().toISOString(), files };
    writeFileSync(join(staging, MANIFEST), JSON.stringify(manifest, null, 2));
    await packDirectory(staging, archive);
    return manifest;
  });
}

function readManifest(staging: string): Manifest {
  const path = join(staging, MANIFEST);
  const manifest = existsSync(path) ? (JSON.parse(readFileSync(path, 'utf8')) as Partial<Manifest>) : {};
  if (manifest.format !== 'loupe-backup' || manifest.version !== 1) throw new BackupError('not a Loupe backup archive (no manifest.json of version 1)');
  return manifest as Manifest;
}

/** Recreates an instance from `archive` in `dataDir`, which must hold no instance yet. */
export async function restoreInstance(instance: EmbeddedInstance, archive: string): Promise<Manifest> {
  requireEmbedded(instance);
  if (!existsSync(archive)) throw new BackupError(`${archive} does not exist`);
  const taken = ['meta.db', 'analytics', ...PLAIN_ENTRIES].filter((entry) => existsSync(join(instance.dataDir, entry)));
  if (taken.length > 0) throw new BackupError(`${instance.dataDir} already holds an instance (${taken.join(', ')}); restore into an empty DATA_DIR`);
  return inStaging(async (staging) => {
    await unpackArchive(archive, staging);
    const manifest = readManifest(staging);
    if (!existsSync(join(staging, 'meta.db')) || !existsSync(join(staging, 'analytics'))) throw new BackupError('the archive lacks meta.db or the analytics snapshot');
    await withStoreOf(() => restoreChdb(join(instance.dataDir, 'analytics'), join(staging, 'analytics')));
    cpSync(join(staging, 'meta.db'), join(instance.dataDir, 'meta.db'));
    for (const entry of manifest.files.filter((name) => (PLAIN_ENTRIES as readonly string[]).includes(name))) {
      cpSync(join(staging, entry), join(instance.dataDir, entry), { recursive: true });
    }
    return manifest;
  });
}

