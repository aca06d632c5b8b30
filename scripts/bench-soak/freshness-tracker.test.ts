import { describe, expect, it } from 'vitest';
import { FreshnessTracker } from './freshness-tracker.js';

describe('FreshnessTracker', () => {
  it('measures each acknowledged event from its acknowledgement to the first read that counts it, earliest first', () => {
    const tracker = new FreshnessTracker();
    for (let index = 0; index < 3; index += 1) tracker.sent(0);
    tracker.answered(0, true, 1_000);
    tracker.answered(0, true, 1_500);
    tracker.answered(0, false, 1_600);
    // The read counts one of the two: the one acknowledged at 1 s, 1 s before.
    tracker.observe(new Map([[0, 1]]), 2_000);
    expect(tracker.backlog()).toBe(1);
    expect(tracker.summary()).toMatchObject({ measured: 1, maxMs: 1_000, neverCounted: 1 });
    tracker.observe(new Map([[0, 2]]), 4_000);
    expect(tracker.backlog()).toBe(0);
    const summary = tracker.summary();
    expect(summary).toMatchObject({ measured: 2, maxMs: 2_500, neverCounted: 0 });
    // The histogram keeps 3 significant figures: within 5 ms of the delays 1 s and 2.5 s.
    expect(summary.p50Ms).toBeCloseTo(1_000, -1);
    expect(summary.p99Ms).toBeCloseTo(2_500, -1);
    // Measured as the whole second (both events at the read counting them all): 3 s and 2.5 s.
    expect(summary.wholeSecondP99Ms).toBeCloseTo(3_000, -1);
  });

  it('does not count a read\'s figure for a second twice, nor more events than were acknowledged', () => {
    const tracker = new FreshnessTracker();
    tracker.sent(7);
    tracker.sent(7);
    tracker.answered(7, true, 100);
    tracker.observe(new Map([[7, 1]]), 300);
    tracker.observe(new Map([[7, 1]]), 900);
    expect(tracker.summary()).toMatchObject({ measured: 1, maxMs: 200 });
    tracker.answered(7, true, 1_000);
    tracker.observe(new Map([[7, 5]]), 1_100);
    expect(tracker.summary()).toMatchObject({ measured: 2, maxMs: 200, neverCounted: 0 });
    expect(tracker.pendingSeconds()).toEqual([]);
  });

  it('waits for every request of a second to be answered before it is counted', () => {
    const tracker = new FreshnessTracker();
    tracker.sent(4);
    tracker.sent(4);
    tracker.answered(4, true, 100);
    tracker.observe(new Map([[4, 1]]), 200);
    expect(tracker.pendingSeconds()).toEqual([4]);
    tracker.answered(4, true, 300);
    tracker.observe(new Map([[4, 2]]), 400);
    expect(tracker.pendingSeconds()).toEqual([]);
    expect(tracker.summary().measured).toBe(2);
  });

  it('reports seconds never counted', () => {
    const tracker = new FreshnessTracker();
    tracker.sent(1);
    tracker.sent(2);
    tracker.answered(2, true, 10);
    tracker.answered(1, true, 10);
    tracker.observe(new Map([[1, 1]]), 50);
    expect(tracker.pendingSeconds()).toEqual([2]);
    expect(tracker.summary()).toMatchObject({ measured: 1, neverCounted: 1, maxMs: 40 });
  });
});
