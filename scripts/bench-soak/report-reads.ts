// The reports the soak reads while it sends: the freshness probe (pageviews per tagged pathname) and, every
// few seconds, what a dashboard left open reads.
import type { ApiClient } from '../bench-query/api-client.js';
import { secondOfPathname } from './tagged-load.js';

const MAX_ROWS = 1000;
const DASHBOARD_READS = [
  '/overview?past_minutes_start=1440&past_minutes_end=0',
  '/overview/time-series?past_minutes_start=1440&past_minutes_end=0&bucket=hour',
  '/metric?parameter=pathname&past_minutes_start=1440&past_minutes_end=0&limit=10',
  '/metric?parameter=channel&past_minutes_start=1440&past_minutes_end=0&limit=10',
  '/metric?parameter=country&past_minutes_start=1440&past_minutes_end=0&limit=10',
] as const;

export interface ReadStats {
  count: number;
  failures: number;
  totalMs: number;
  maxMs: number;
  readonly failureSamples: string[];
}

export function newReadStats(): ReadStats {
  return { count: 0, failures: 0, totalMs: 0, maxMs: 0, failureSamples: [] };
}

async function timed(client: ApiClient, url: string, stats: ReadStats): Promise<string | undefined> {
  const startedAt = performance.now();
  const response = await client.send({ method: 'GET', url }).catch((error: unknown) => ({ status: 0, text: String(error) }));
  const ms = performance.now() - startedAt;
  stats.count += 1;
  stats.totalMs += ms;
  stats.maxMs = Math.max(stats.maxMs, ms);
  if (response.status === 200) return response.text;
  stats.failures += 1;
  if (stats.failureSamples.length < 5) stats.failureSamples.push(`${response.status} ${url} ${response.text.slice(0, 200)}`);
  return undefined;
}

interface MetricRow {
  readonly value: string;
  readonly pageviews: number;
}

function rowsOf(text: string): MetricRow[] {
  const body = JSON.parse(text) as { data: MetricRow[] | { data: MetricRow[] } };
  return Array.isArray(body.data) ? body.data : body.data.data;
}

/**
 * Pageviews per tagged second, from /metric by pathname over the minutes since `oldestMs` (epoch ms) began.
 * Returns undefined when the read failed.
 */
export async function countTaggedSeconds(
  client: ApiClient,
  siteId: number,
  runTag: string,
  oldestMs: number,
  stats: ReadStats,
): Promise<Map<number, number> | undefined> {
  const minutes = Math.max(2, Math.ceil((Date.now() - oldestMs) / 60_000) + 1);
  const url = `/api/sites/${siteId}/metric?parameter=pathname&past_minutes_start=${minutes}&past_minutes_end=0&limit=${MAX_ROWS}`;
  const text = await timed(client, url, stats);
  if (text === undefined) return undefined;
  const counted = new Map<number, number>();
  for (const row of rowsOf(text)) {
    const second = secondOfPathname(runTag, row.value);
    if (second !== undefined) counted.set(second, row.pageviews);
  }
  return counted;
}

/** One round of a dashboard's reads, one after the other (the dashboard itself asks them at once; the soak keeps its load as it was measured before decision 0078). */
export async function readDashboard(client: ApiClient, siteId: number, stats: ReadStats): Promise<void> {
  for (const path of DASHBOARD_READS) await timed(client, `/api/sites/${siteId}${path}`, stats);
}
