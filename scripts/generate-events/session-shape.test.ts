import { describe, expect, it } from 'vitest';
import { Prng } from './prng.js';
import { BOUNCE_RATE, drawSessionShape, shapeSize, truncateShape, type SessionShape } from './session-shape.js';

describe('session shapes', () => {
  it.each<{ shape: SessionShape; size: number }>([
    { shape: [[]], size: 1 },
    { shape: [['performance'], []], size: 3 },
    { shape: [['interaction', 'interaction', 'error', 'performance'], ['performance']], size: 7 },
  ])('shapeSize of $shape is $size', ({ shape, size }) => {
    expect(shapeSize(shape)).toBe(size);
  });

  it.each<{ max: number; expected: SessionShape }>([
    { max: 1, expected: [[]] },
    { max: 2, expected: [['interaction']] },
    { max: 4, expected: [['interaction', 'performance'], []] },
    { max: 5, expected: [['interaction', 'performance'], ['error']] },
    { max: 7, expected: [['interaction', 'performance'], ['error', 'performance'], []] },
    { max: 8, expected: [['interaction', 'performance'], ['error', 'performance'], [], []] },
    { max: 20, expected: [['interaction', 'performance'], ['error', 'performance'], [], ['performance']] },
  ])('truncateShape keeps the first $max events', ({ max, expected }) => {
    const shape: SessionShape = [['interaction', 'performance'], ['error', 'performance'], [], ['performance']];
    const truncated = truncateShape(shape, max);
    expect(truncated).toEqual(expected);
    expect(shapeSize(truncated)).toBe(Math.min(max, shapeSize(shape)));
  });

  it('starts every page with a pageview and draws ~40% bounces, ~4 events per session and an engagement for ~90% of pageviews', () => {
    const rng = new Prng(12);
    const shapes = Array.from({ length: 50_000 }, () => drawSessionShape(rng));
    const bounces = shapes.filter((shape) => shape.length === 1).length / shapes.length;
    const pages = shapes.flat();
    const engagements = pages.filter((extras) => extras.includes('engagement')).length;
    const meanSize = (shapes.reduce((sum, shape) => sum + shapeSize(shape), 0) - engagements) / shapes.length;
    expect(bounces).toBeCloseTo(BOUNCE_RATE, 1);
    expect(meanSize).toBeGreaterThan(3.6);
    expect(meanSize).toBeLessThan(4.4);
    expect(engagements / pages.length).toBeCloseTo(0.9, 1);
    expect(Math.max(...shapes.map((shape) => shape.length))).toBeLessThanOrEqual(40);
  });
});
