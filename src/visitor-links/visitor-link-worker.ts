// Runs the link job (stats/visitor-links.ts) over every site with sessions: every minute on the node holding the
// schedule's lease, one site after another on the engine's background lane, and never more than a tenth of the time;
// the new sessions each time, every session's link hourly (and when a delete or an overview asks for it).
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { LeasedSchedule } from '../platform/leased-schedule.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import { takeSitesToRelink } from '../stats/linked-visitors.query.js';
import { linkSiteSessions, sitesWithSessions } from '../stats/visitor-links.js';

const LINK_EVERY_MS = 60_000;

/**
 * Every this many passes, one recomputes every session's link (late sessions, changed visitors); the others link
 * the new sessions, and recompute a site's links only when an overview here found a session not linked as it now
 * stands (or a delete asks for it). A full run reads every session of the site, in shares.
 */
const FULL_EVERY = 60;

/** A pass waits this many times its own duration after the last one, so linking a large site keeps to a tenth of a core. */
const IDLE_FACTOR = 9;

export interface VisitorLinkWorkerDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly analytics: AnalyticsStore;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export class VisitorLinkWorker {
  private readonly schedule: LeasedSchedule;
  private readonly store: AnalyticsStore;
  private nextPassAt = 0;
  private passes = 0;

  constructor(private readonly deps: VisitorLinkWorkerDeps) {
    this.store = deps.analytics.background?.() ?? deps.analytics;
    this.schedule = new LeasedSchedule({
      db: deps.db,
      name: 'visitor-links',
      intervalMs: LINK_EVERY_MS,
      clock: deps.clock,
      log: deps.log,
      pass: () => this.pass(false),
    });
  }

  start(): void {
    this.schedule.start();
  }

  /** Links every site now, whenever the last pass ran (tests, and a server that wants its links at once). */
  async runNow(): Promise<void> {
    await this.pass(true);
  }

  async close(): Promise<void> {
    await this.schedule.close();
  }

  private async pass(now: boolean): Promise<void> {
    const startedAt = Date.now();
    if (!now && startedAt < this.nextPassAt) return;
    const full = now || this.passes % FULL_EVERY === 0;
    this.passes += 1;
    const relink = takeSitesToRelink();
    let linked = 0;
    for (const siteId of await sitesWithSessions(this.store)) linked += (await linkSiteSessions(this.store, siteId, { full: full || relink.has(siteId) })).linked;
    const tookMs = Date.now() - startedAt;
    this.nextPassAt = Date.now() + IDLE_FACTOR * tookMs;
    if (linked > 0) this.deps.log.debug({ linked, tookMs }, 'visitor links written');
  }
}
