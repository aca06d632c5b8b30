// The queue of outgoing mail (alerts, email reports): the outbox in the metadata store and the task that sends
// what is due every second; `kick` runs a pass now.
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { MetadataDatabase } from '../metadata-store/metadata-schema.js';
import { PeriodicTask } from '../periodic-task.js';
import { MailOutbox } from './mail-outbox.js';
import { MailOutboxSender } from './mail-outbox-sender.js';
import type { Mailer } from './mailer.js';

export interface MailQueueDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly mailer: Mailer | undefined;
  /** How long a node's claim on a mail lasts before another node may take it over. */
  readonly claimMs: number;
  readonly retryDelaysMs: readonly number[];
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export interface MailQueue {
  readonly outbox: MailOutbox;
  readonly task: PeriodicTask;
}

export function startMailQueue(deps: MailQueueDeps): MailQueue {
  const outbox = new MailOutbox(deps.db, deps.claimMs);
  const sender = new MailOutboxSender({ outbox, mailer: deps.mailer, retryDelaysMs: deps.retryDelaysMs, clock: deps.clock, log: deps.log });
  const task = new PeriodicTask('mail queue', async () => {
    await sender.pass();
  }, 1_000, deps.log);
  task.start();
  return { outbox, task };
}
