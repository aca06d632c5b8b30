// Waiting for the durable spools to reach the analytics store before a write that must see every queued row.
import { ServiceUnavailableError } from '../platform/http/app-errors.js';

/** How long a write waits for the spools to reach the store (it retries while the store is down). */
const SPOOL_WAIT_MS = 30_000;

/** Resolves once the spools are stored; a 503 when the store does not take them in time (nothing was written yet). */
export async function spoolsStored(flushSpools: () => Promise<void>): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => { timer = setTimeout(() => resolve('late'), SPOOL_WAIT_MS); });
  const outcome = await Promise.race([flushSpools().then(() => 'stored' as const), late]);
  clearTimeout(timer);
  if (outcome === 'late') throw new ServiceUnavailableError('The analytics store is not taking queued events; try again later', 30);
}
