// The per-organization limit: a second batch of the same organization waits for the first; another organization's does not.
import { describe, expect, it } from 'vitest';
import { OrganizationLimiter } from './organization-limiter.js';

function gate() {
  let open = () => undefined as void;
  const opened = new Promise<void>((resolve) => { open = resolve; });
  return { open, opened };
}

describe('OrganizationLimiter', () => {
  it('runs one batch per organization at a time, in arrival order, and other organizations beside it', async () => {
    const limiter = new OrganizationLimiter(1);
    const order: string[] = [];
    const first = gate();
    const a1 = limiter.run('a', async () => { order.push('a1 start'); await first.opened; order.push('a1 end'); });
    const a2 = limiter.run('a', async () => { order.push('a2'); });
    const a3 = limiter.run('a', async () => { order.push('a3'); });
    await limiter.run('b', async () => { order.push('b'); });
    expect(order).toEqual(['a1 start', 'b']);
    first.open();
    await Promise.all([a1, a2, a3]);
    expect(order).toEqual(['a1 start', 'b', 'a1 end', 'a2', 'a3']);
  });

  it('frees the slot when a batch fails', async () => {
    const limiter = new OrganizationLimiter(1);
    await expect(limiter.run('a', () => Promise.reject(new Error('bad')))).rejects.toThrow('bad');
    await expect(limiter.run('a', () => Promise.resolve(7))).resolves.toBe(7);
  });
});
