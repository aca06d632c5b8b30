// Applies every site's retention: a sweep shortly after start, then every hour, one site after another.
import type { FastifyBaseLogger } from 'fastify';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import type { SiteRepository } from '../sites/index.js';
import { retentionCutoff, sweepSite, type SweptCounts } from './retention-sweep.js';

const FIRST_SWEEP_MS = 60_000;
const SWEEP_EVERY_MS = 3_600_000;

export interface RetentionWorkerDeps {
  readonly sites: Pick<SiteRepository, 'listWithRetention'>;
  readonly analytics: AnalyticsStore;
  readonly clock: () => number;
  readonly log: FastifyBaseLogger;
}

export class RetentionWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(private readonly deps: RetentionWorkerDeps) {}

  start(): void {
    this.schedule(FIRST_SWEEP_MS);
  }

  /** Sweeps every site with a retention now (waiting for a sweep under way first); the deleted rows per site. */
  async sweepNow(): Promise<Map<number, SweptCounts>> {
    await this.running;
    const sweep = this.sweepAll();
    this.running = sweep.catch(() => undefined);
    return sweep;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.sweepNow()
        .catch((err: unknown) => this.deps.log.warn({ err }, 'retention sweep failed; retrying at the next one'))
        .finally(() => this.schedule(SWEEP_EVERY_MS));
    }, delayMs);
    this.timer.unref();
  }

  private async sweepAll(): Promise<Map<number, SweptCounts>> {
    const swept = new Map<number, SweptCounts>();
    for (const site of await this.deps.sites.listWithRetention()) {
      if (this.stopped || site.retentionDays === null) continue;
      const counts = await sweepSite(this.deps.analytics, site.siteId, retentionCutoff(this.deps.clock(), site.retentionDays));
      swept.set(site.siteId, counts);
      if (Object.values(counts).some((n) => n > 0)) this.deps.log.info({ siteId: site.siteId, retentionDays: site.retentionDays, deleted: counts }, 'retention sweep deleted old rows');
    }
    return swept;
  }
}
