// A pass run every interval by one node at a time: the node holding the named lease in the metadata store runs
// it; the others skip until the holder stops (releases on a clean stop) or goes silent (the lease expires).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from './metadata-store/metadata-schema.js';
import { ScheduleLease } from './metadata-store/schedule-lease.js';
import { PeriodicTask } from './periodic-task.js';

export class LeasedSchedule {
  private readonly lease: ScheduleLease;
  private readonly task: PeriodicTask;

  constructor(options: { db: Kysely<MetadataDatabase>; name: string; intervalMs: number; clock: () => number; log: FastifyBaseLogger; pass: () => Promise<void> }) {
    // A node that stops without giving the lease up (a crash) holds it three intervals, at least a minute.
    this.lease = new ScheduleLease(options.db, options.name, Math.max(3 * options.intervalMs, 60_000), options.clock);
    this.task = new PeriodicTask(options.name, async () => {
      if (await this.lease.acquire()) await options.pass();
    }, options.intervalMs, options.log);
  }

  start(): void {
    this.task.start();
  }

  /** Runs a pass now (when this node holds the lease) and waits for it. */
  async runNow(): Promise<void> {
    await this.task.idle();
    this.task.kick();
    await this.task.idle();
  }

  async close(): Promise<void> {
    await this.task.stop();
    await this.lease.release().catch(() => undefined);
  }
}
