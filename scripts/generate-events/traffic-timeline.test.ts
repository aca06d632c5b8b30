import { describe, expect, it } from 'vitest';
import { loadCatalog } from './load-catalog.js';
import { Geography } from './geography.js';
import { Prng } from './prng.js';
import { HOUR_MS, allocate, planTimeline } from './traffic-timeline.js';

const catalog = loadCatalog();
const END = Date.UTC(2026, 10, 21, 15, 30);

describe('allocate', () => {
  it.each([
    { weights: [1, 1, 1], total: 10, expected: [3, 4, 3] },
    { weights: [1, 0, 1], total: 5, expected: [3, 0, 2] },
    { weights: [2, 1, 1], total: 4, expected: [2, 1, 1] },
    { weights: [1], total: 7, expected: [7] },
    { weights: [1, 1], total: 0, expected: [0, 0] },
  ])('splits $total over $weights into $expected', ({ weights, total, expected }) => {
    expect(allocate(weights, total)).toEqual(expected);
  });

  it('always sums to the total', () => {
    const weights = Array.from({ length: 720 }, (_, i) => 1 + Math.sin(i) ** 2);
    for (const total of [1, 999, 10_000_000]) {
      expect(allocate(weights, total).reduce((a, b) => a + b, 0)).toBe(total);
    }
  });
});

describe('planTimeline', () => {
  const geography = new Geography(catalog.geo, catalog.traffic.diurnalLocal);
  const plan = (days: number, events: number, bots: number) =>
    planTimeline({ endMs: END, days, events, bots }, catalog.traffic, geography.hourlyMix, new Prng(8));

  it('covers the requested days in hourly slots ending at the end time', () => {
    const slots = plan(30, 1_000_000, 30_000);
    expect(slots).toHaveLength(720);
    expect(slots[0]?.startMs).toBe(END - 30 * 24 * HOUR_MS);
    expect(slots.at(-1)?.endMs).toBe(END);
    slots.forEach((slot, index) => expect(slot.endMs - slot.startMs, `slot ${index}`).toBe(HOUR_MS));
  });

  it('places exactly the requested events and bot rows', () => {
    const slots = plan(7, 123_457, 3_001);
    expect(slots.reduce((sum, slot) => sum + slot.events, 0)).toBe(123_457);
    expect(slots.reduce((sum, slot) => sum + slot.bots, 0)).toBe(3_001);
  });

  it('has more traffic in the European and American daytime than in the small hours', () => {
    const slots = plan(28, 10_000_000, 0);
    const byHour = new Array<number>(24).fill(0);
    for (const slot of slots) {
      const hour = new Date(slot.startMs).getUTCHours();
      byHour[hour] = (byHour[hour] ?? 0) + slot.events;
    }
    const afternoon = byHour[15] ?? 0;
    const night = byHour[4] ?? 0;
    expect(afternoon / night).toBeGreaterThan(2);
  });

  it('has quieter weekends', () => {
    const slots = plan(28, 10_000_000, 0);
    const byWeekday = new Array<number>(7).fill(0);
    for (const slot of slots) {
      const day = new Date(slot.startMs).getUTCDay();
      byWeekday[day] = (byWeekday[day] ?? 0) + slot.events;
    }
    const weekend = ((byWeekday[0] ?? 0) + (byWeekday[6] ?? 0)) / 2;
    const midweek = ((byWeekday[2] ?? 0) + (byWeekday[3] ?? 0)) / 2;
    expect(weekend / midweek).toBeLessThan(0.85);
  });

  it('depends only on its inputs and seed', () => {
    expect(plan(3, 5000, 100)).toEqual(plan(3, 5000, 100));
  });
});
