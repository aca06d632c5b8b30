// Tracking load sent round-robin over several nodes (no sticky routing) by a fixed number of concurrent
// browsers-like senders for a fixed time; counts the acknowledged events.
export interface LoadTarget {
  /** Base URLs of the nodes, e.g. http://127.0.0.1:41234. */
  readonly nodes: readonly string[];
  /** The site's public id (site_id in the body). */
  readonly siteId: string;
  readonly hostname: string;
}

export interface LoadResult {
  readonly acknowledged: number;
  readonly refused: number;
  readonly failed: number;
  readonly ms: number;
  /** The last refusal seen (status and body), for a report that explains a shortfall. */
  readonly lastRefusal: string | null;
}

const USER_AGENT = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';
/** Distinct client addresses cycled through, so no visitor sends enough to look like a bot by its rate. */
const VISITORS = 20_000;

function visitorAddress(sequence: number): string {
  const visitor = sequence % VISITORS;
  return `10.77.${Math.floor(visitor / 250)}.${1 + (visitor % 250)}`;
}

export async function runRoundRobinLoad(target: LoadTarget, concurrency: number, durationMs: number): Promise<LoadResult> {
  let next = 0;
  let acknowledged = 0;
  let refused = 0;
  let failed = 0;
  let lastRefusal: string | null = null;
  const startedAt = performance.now();
  const deadline = startedAt + durationMs;
  const sender = async (): Promise<void> => {
    while (performance.now() < deadline) {
      const sequence = next++;
      const node = target.nodes[sequence % target.nodes.length] ?? '';
      try {
        const response = await fetch(`${node}/api/track`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, 'x-forwarded-for': visitorAddress(sequence) },
          body: JSON.stringify({ site_id: target.siteId, hostname: target.hostname, pathname: `/bench/${sequence % 500}` }),
        });
        const body = await response.text();
        if (response.status === 200 && body === '{"success":true}') acknowledged += 1;
        else {
          refused += 1;
          lastRefusal = `${response.status} ${body}`;
        }
      } catch {
        failed += 1;
      }
    }
  };
  await Promise.all(Array.from({ length: concurrency }, sender));
  return { acknowledged, refused, failed, ms: performance.now() - startedAt, lastRefusal };
}
