// The schedule lease on both metadata stores: one holder at a time, renewal by the holder, hand-over on
// release, take-over once a silent holder's lease expires.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ScheduleLease } from '../../src/platform/metadata-store/schedule-lease.js';
import { frozenClock } from '../helpers/frozen-clock.js';
import { createTestApp, metadataBackends, type TestApp } from '../helpers/test-app.js';

describe.each(await metadataBackends())('schedule lease (%s)', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ backend, env: { ALERT_CHECK_INTERVAL: '1h' } });
  });
  afterAll(async () => t.close());

  it('lets one node hold it at a time', async () => {
    const clock = frozenClock('2026-03-10T12:00:00.000Z');
    const db = t.services.metadata.db;
    const leases = [new ScheduleLease(db, 'test-lease', 60_000, clock.now), new ScheduleLease(db, 'test-lease', 60_000, clock.now)];
    // Two nodes at once: exactly one wins (either may); call it a.
    const first = await Promise.all(leases.map((lease) => lease.acquire()));
    expect(first.filter(Boolean)).toHaveLength(1);
    const [a, b] = first[0] ? leases : [...leases].reverse();
    if (!a || !b) throw new Error('two leases expected');
    clock.advance(30_000);
    expect([await a.acquire(), await b.acquire()]).toEqual([true, false]);
    await a.release();
    expect([await b.acquire(), await a.acquire()]).toEqual([true, false]);
    // b stops renewing (a crash): a takes over once b's lease has run out, not before.
    clock.advance(59_000);
    expect(await a.acquire()).toBe(false);
    clock.advance(2_000);
    expect([await a.acquire(), await b.acquire()]).toEqual([true, false]);
  });
});
