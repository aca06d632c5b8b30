// Which of some processes holds a loopback TCP connection, read from Linux's /proc: the socket's inode from
// /proc/net/tcp{,6} (by its two ports), then the process whose file descriptors include that socket.
import { readdir, readFile, readlink } from 'node:fs/promises';

/** The inode of the connection from `localPort` to `remotePort`, or undefined when the kernel lists none. */
async function socketInode(localPort: number, remotePort: number): Promise<string | undefined> {
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1]?.split(':')[1];
      const remote = fields[2]?.split(':')[1];
      if (local === undefined || remote === undefined) continue;
      if (Number.parseInt(local, 16) === localPort && Number.parseInt(remote, 16) === remotePort) return fields[9];
    }
  }
  return undefined;
}

/** The pid among `pids` holding the connection from `localPort` to `remotePort`, or undefined. */
export async function pidHoldingConnection(localPort: number, remotePort: number, pids: readonly number[]): Promise<number | undefined> {
  const inode = await socketInode(localPort, remotePort);
  if (inode === undefined) return undefined;
  for (const pid of pids) {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      if ((await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '')) === `socket:[${inode}]`) return pid;
    }
  }
  return undefined;
}
