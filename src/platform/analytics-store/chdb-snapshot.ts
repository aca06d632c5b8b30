// Whole-database snapshots of an embedded chDB store with ClickHouse's own BACKUP and RESTORE, written to
// (or read from) a directory. The session is this process's own: the store must not be open elsewhere.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Session } from 'chdb';

/** The engine writes backups only under a configured path: a one-line config file allows `dir`. */
function sessionAllowing(storeDir: string, dir: string): { session: Session; configFile: string } {
  mkdirSync(storeDir, { recursive: true });
  const configFile = join(dir, '..', `.chdb-backup-${process.pid}.xml`);
  const xmlPath = `${dir}/`.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
  writeFileSync(configFile, `<clickhouse><backups><allowed_path>${xmlPath}</allowed_path></backups></clickhouse>\n`, { mode: 0o600 });
  const session = new Session(storeDir, { connectionArgs: ['--async_load_databases=0', `--config-file=${configFile}`] });
  return { session, configFile };
}

async function withSession(storeDir: string, dir: string, run: (session: Session) => Promise<void>): Promise<void> {
  const { session, configFile } = sessionAllowing(storeDir, dir);
  try {
    await run(session);
  } finally {
    session.close();
    rmSync(configFile, { force: true });
  }
}

/** Writes a consistent snapshot of every table and view of the store into `dir` (which must not exist yet). */
export async function backupChdb(storeDir: string, dir: string): Promise<void> {
  await withSession(storeDir, dir, async (session) => {
    await session.queryBindAsync('BACKUP DATABASE default TO File({path:String})', { path: dir }, { format: 'JSONEachRow' });
  });
}

/** Recreates every table and view of a snapshot in an empty store (parts are attached: no view runs again). */
export async function restoreChdb(storeDir: string, dir: string): Promise<void> {
  await withSession(storeDir, dir, async (session) => {
    await session.queryBindAsync('RESTORE DATABASE default FROM File({path:String})', { path: dir }, { format: 'JSONEachRow' });
  });
}
