// Connections to the embedded engine for reads: each runs one operation at a time, so reads use up to a few of
// them side by side, opened as they are needed.

export interface Closable {
  close(): void;
}

export class ChdbConnectionPool<Connection extends Closable> {
  private readonly idle: Connection[] = [];
  private readonly opened: Connection[] = [];
  private readonly waiting: ((connection: Connection) => void)[] = [];

  /**
   * @param open opens one more connection to the engine's data.
   * @param size the most connections the pool keeps: more reads than that wait for one to finish.
   * @param first a connection already open, the pool's first.
   */
  constructor(
    private readonly open: () => Connection,
    private readonly size: number,
    first?: Connection,
  ) {
    if (first === undefined) return;
    this.opened.push(first);
    this.idle.push(first);
  }

  /** Runs `work` on a connection nothing else uses meanwhile. */
  async use<T>(work: (connection: Connection) => Promise<T>): Promise<T> {
    const connection = await this.acquire();
    try {
      return await work(connection);
    } finally {
      this.release(connection);
    }
  }

  /** How many connections the pool has opened so far. */
  get openedCount(): number {
    return this.opened.length;
  }

  close(): void {
    for (const connection of this.opened) connection.close();
  }

  private acquire(): Promise<Connection> {
    // The connection used last first: a pool that one read at a time reaches keeps one connection.
    const idle = this.idle.pop();
    if (idle !== undefined) return Promise.resolve(idle);
    if (this.opened.length < this.size) {
      const connection = this.open();
      this.opened.push(connection);
      return Promise.resolve(connection);
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(connection: Connection): void {
    const next = this.waiting.shift();
    if (next !== undefined) next(connection);
    else this.idle.push(connection);
  }
}
