// Whether this node should receive traffic: every store it needs answers and every migration it knows is applied.
import { sql } from 'kysely';
import type { AnalyticsStore } from '../platform/analytics-store/analytics-store.js';
import { pendingAnalyticsMigrations } from '../platform/analytics-store/analytics-migrations.js';
import type { MetadataDb } from '../platform/metadata-store/create-metadata-db.js';
import { pendingMetadataMigrations } from '../platform/metadata-store/metadata-migrations.js';
import type { SharedState } from '../platform/shared-state/create-shared-state.js';

export type CheckResult = 'ok' | 'unavailable' | 'not_configured' | 'pending';

export interface Readiness {
  readonly ready: boolean;
  readonly checks: {
    readonly analytics: CheckResult;
    readonly metadata: CheckResult;
    readonly redis: CheckResult;
    readonly migrations: CheckResult;
  };
}

export interface ReadinessDeps {
  readonly analytics: AnalyticsStore;
  readonly metadata: MetadataDb;
  readonly shared: SharedState;
  /** How long one check may take before it counts as unavailable. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 2_000;

/** Resolves with the check's answer, or false when it throws or outlasts the timeout. */
async function answersWithin(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([check().catch(() => false), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

export async function checkReadiness(deps: ReadinessDeps): Promise<Readiness> {
  const timeoutMs = deps.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const db = deps.metadata.schemaless;
  const [analytics, metadata, redis] = await Promise.all([
    answersWithin(() => deps.analytics.ping(), timeoutMs),
    answersWithin(async () => (await sql`select 1`.execute(db), true), timeoutMs),
    deps.shared.kind === 'redis' ? answersWithin(() => deps.shared.ping(), timeoutMs) : Promise.resolve(undefined),
  ]);
  // Migrations are read from both stores, so they can only be judged when both answer.
  let migrations: CheckResult = 'unavailable';
  if (analytics && metadata) {
    let pending = 0;
    const read = await answersWithin(async () => {
      const [inAnalytics, inMetadata] = await Promise.all([pendingAnalyticsMigrations(deps.analytics), pendingMetadataMigrations(deps.metadata)]);
      pending = inAnalytics.length + inMetadata.length;
      return true;
    }, timeoutMs);
    migrations = !read ? 'unavailable' : pending === 0 ? 'ok' : 'pending';
  }
  const checks = {
    analytics: analytics ? 'ok' : 'unavailable',
    metadata: metadata ? 'ok' : 'unavailable',
    redis: redis === undefined ? 'not_configured' : redis ? 'ok' : 'unavailable',
    migrations,
  } as const;
  return { ready: analytics && metadata && redis !== false && migrations === 'ok', checks };
}
