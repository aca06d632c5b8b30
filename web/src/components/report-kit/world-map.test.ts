// The world map's shapes: rings crossing the antimeridian (Russia's east, Fiji) are drawn in one piece near the
// map's edges, never as a band across the whole map.
import { describe, expect, it } from 'vitest';
import { ringsPath, SHAPES, unwrapRing } from './world-map';

/** The widest horizontal extent of any one subpath (M...Z) of an SVG path, in map units (the map is 800 wide). */
function widestSubpath(path: string): number {
  return Math.max(...path.split('M').filter(Boolean).map((sub) => {
    const xs = sub.replace('Z', '').split('L').map((point) => Number(point.split(',')[0]));
    return Math.max(...xs) - Math.min(...xs);
  }));
}

describe('world map', () => {
  it('unwraps a ring across the antimeridian and draws the part beyond the edge on the other side', () => {
    const fijiLike = [[179, -16], [-179, -16], [-179, -17], [179, -17], [179, -16]];
    expect(unwrapRing(fijiLike)).toEqual([[179, -16], [181, -16], [181, -17], [179, -17], [179, -16]]);
    expect(ringsPath([[fijiLike]])).toBe('M797.8,235.6L802.2,235.6L802.2,237.8L797.8,237.8L797.8,235.6Z' + 'M-2.2,235.6L2.2,235.6L2.2,237.8L-2.2,237.8L-2.2,235.6Z');
  });

  it('draws Russia and Fiji without a band across the map', () => {
    for (const code of ['RU', 'FJ', 'US', 'NZ']) {
      const shape = SHAPES.find((entry) => entry.code === code);
      expect([code, shape !== undefined && widestSubpath(shape.path) < 400]).toEqual([code, true]);
    }
    // Before the fix Russia's Chukotka ring spanned the whole width.
    expect(SHAPES.every((shape) => widestSubpath(shape.path) < 400)).toBe(true);
  });
});
