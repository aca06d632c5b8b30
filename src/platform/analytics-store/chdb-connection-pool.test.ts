import { describe, expect, it } from 'vitest';
import { ChdbConnectionPool } from './chdb-connection-pool.js';

class FakeConnection {
  closed = false;
  constructor(readonly id: number) {}
  close(): void {
    this.closed = true;
  }
}

/** A piece of work that ends when the test says so. */
function gate(): { readonly opened: Promise<void>; readonly open: () => void } {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe('the reads’ connection pool', () => {
  it('opens a connection only when every open one is busy, up to its size, and hands a freed one to the first waiting', async () => {
    let made = 0;
    const pool = new ChdbConnectionPool(() => new FakeConnection(++made), 2, new FakeConnection(0));
    const gates = [gate(), gate(), gate()];
    const used: number[] = [];
    const runs = gates.map((g, index) =>
      pool.use(async (connection) => {
        used[index] = connection.id;
        await g.opened;
      }),
    );
    await Promise.resolve();
    expect(used).toEqual([0, 1]);
    expect(pool.openedCount).toBe(2);
    gates[1]?.open();
    await runs[1];
    await Promise.resolve();
    expect(used[2]).toBe(1);
    gates[0]?.open();
    gates[2]?.open();
    await Promise.all(runs);
    expect(pool.openedCount).toBe(2);
  });

  it('reuses the connection used last when one read at a time comes, and frees a connection whose work failed', async () => {
    let made = 0;
    const pool = new ChdbConnectionPool(() => new FakeConnection(++made), 3);
    const ids: number[] = [];
    await expect(pool.use(() => Promise.reject(new Error('engine refused')))).rejects.toThrow('engine refused');
    for (let i = 0; i < 3; i++) await pool.use(async (connection) => void ids.push(connection.id));
    expect(ids).toEqual([1, 1, 1]);
    expect(pool.openedCount).toBe(1);
  });

  it('closes every connection it opened', async () => {
    const connections: FakeConnection[] = [];
    const pool = new ChdbConnectionPool(() => {
      const connection = new FakeConnection(connections.length);
      connections.push(connection);
      return connection;
    }, 2);
    const g = gate();
    const both = Promise.all([pool.use(() => g.opened), pool.use(() => g.opened)]);
    g.open();
    await both;
    pool.close();
    expect(connections.map((connection) => connection.closed)).toEqual([true, true]);
  });
});
