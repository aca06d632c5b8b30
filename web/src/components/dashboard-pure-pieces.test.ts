// The dashboard's pure pieces: sparkline geometry, the script tag, organization slugs and the sign-in return path.
import { describe, expect, it } from 'vitest';
import { sparklinePoints } from './sparkline';
import { scriptTagFor } from './script-tag';
import { slugFor } from '../routes/setup';
import { safeNext } from '../routes/sign-in';

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

describe('slugFor', () => {
  it.each([
    ['Ada Analytics', 'ada-analytics-1a2b3c'],
    ['  Café & Co!  ', 'cafe-co-1a2b3c'],
    ['***', 'organization-1a2b3c'],
    ['x'.repeat(60), `${'x'.repeat(40)}-1a2b3c`],
  ])('%s -> %s', (name, slug) => {
    expect(slugFor(name, '1a2b3c')).toBe(slug);
  });
});

describe('safeNext', () => {
  it.each([
    [null, '/'],
    ['/sites?org=1', '/sites?org=1'],
    ['//evil.example/path', '/'],
    ['https://evil.example/', '/'],
    ['javascript:alert(1)', '/'],
  ])('%s -> %s', (next, path) => {
    expect(safeNext(next)).toBe(path);
  });
});
