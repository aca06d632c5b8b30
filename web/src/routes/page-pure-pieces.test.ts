// Pure pieces of the pages: organization slugs (setup) and the sign-in return path.
import { describe, expect, it } from 'vitest';
import { slugFor } from './setup';
import { safeNext } from './sign-in';

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
