// Which of some processes holds a loopback TCP connection, read from Linux's /proc: the socket's inode from
// /proc/net/tcp{,6} (by its two ports), then the process whose file descriptors include that socket.
import { readdir, readFile, readlink } from 'node:fs/promises';

/** The kernel's rows for the connection from `localPort` to `remotePort`: its state (hex, as the kernel lists it) and inode. */
async function connectionRows(localPort: number, remotePort: number): Promise<{ state: string; inode: string }[]> {
  const rows: { state: string; inode: string }[] = [];
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1]?.split(':')[1];
      const remote = fields[2]?.split(':')[1];
      if (local === undefined || remote === undefined) continue;
      if (Number.parseInt(local, 16) === localPort && Number.parseInt(remote, 16) === remotePort) rows.push({ state: fields[3] ?? '', inode: fields[9] ?? '' });
    }
  }
  return rows;
}

/**
 * What the kernel says of the connection, for a failure message: a closed socket keeps a row (FIN_WAIT 04/05,
 * TIME_WAIT 06, CLOSE 07) with inode 0 for a while, so "sender gave up" and "no such connection" read apart.
 */
export async function describeConnection(localPort: number, remotePort: number): Promise<string> {
  const rows = await connectionRows(localPort, remotePort);
  if (rows.length === 0) return `the kernel lists no connection from port ${localPort} to ${remotePort}`;
  return rows.map((row) => `connection ${localPort}->${remotePort}: state 0x${row.state}, inode ${row.inode}`).join('; ');
}

/** The pid among `pids` holding the connection from `localPort` to `remotePort`, or undefined. */
export async function pidHoldingConnection(localPort: number, remotePort: number, pids: readonly number[]): Promise<number | undefined> {
  const inode = (await connectionRows(localPort, remotePort)).find((row) => row.inode !== '0')?.inode;
  if (inode === undefined) return undefined;
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) === `socket:[${inode}]`) return pid;
    }
  }
  return undefined;
}
