// The dashboard's pure pieces: sparkline geometry and the script tag.
import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';
import { scriptTagFor } from './script-tag';

describe('sparklinePoints', () => {
  it.each([
    [[], ''],
    [[0, 0, 0], '0.0,31.0 60.0,31.0 120.0,31.0'],
    [[0, 2, 4], '0.0,31.0 60.0,16.0 120.0,1.0'],
    [[3], '0.0,1.0'],
  ])('%j -> %s', (values, points) => {
    expect(sparklinePoints(values, 120, 32)).toBe(points);
  });
});

describe('scriptTagFor', () => {
  it('names this server and the public id', () => {
    expect(scriptTagFor('https://loupe.example.com', '0123456789ab')).toBe('<script defer src="https://loupe.example.com/api/script.js" data-site-id="0123456789ab"></script>');
  });
});
