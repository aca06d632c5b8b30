// Table-driven checks of the path glob matcher used by skip and mask patterns.
import { describe, expect, it } from 'vitest';
import { firstMatch, globList, globMatch, reportedPath } from './glob.js';

describe('globMatch', () => {
  it.each([
    ['/admin', '/admin', true],
    ['/admin', '/admin/', false],
    ['/blog/*', '/blog/post-1', true],
    ['/blog/*', '/blog/a/b', false],
    ['/blog/*', '/blog/', true],
    ['/blog/**', '/blog/a/b/c', true],
    ['/blog/**', '/blog', false],
    ['/**/edit', '/users/7/edit', true],
    ['/**/edit', '/edit', false],
    ['/users/*/edit', '/users/7/edit', true],
    ['/users/*/edit', '/users/7/8/edit', false],
    ['**', '/anything/at/all', true],
    ['*', '/a', false],
    ['/*.html', '/index.html', true],
    ['/a*b*c', '/axxbyyc', true],
    ['/a*b*c', '/axxbyy', false],
  ])('%s against %s is %s', (pattern, path, expected) => {
    expect(globMatch(pattern, path)).toBe(expected);
  });

  it('stays fast on a hostile pattern and path (no backtracking)', () => {
    const pattern = '/' + '*a'.repeat(200) + 'b';
    const path = '/' + 'a'.repeat(2000);
    expect(globMatch(pattern, path)).toBe(false);
  });

  it('returns the first matching pattern', () => {
    expect(firstMatch(['/x', '/users/*', '/users/**'], '/users/9')).toBe('/users/*');
    expect(firstMatch(['/x'], '/users/9')).toBeUndefined();
  });

  it('reads glob lists from data attributes, ignoring what is not a list of strings', () => {
    expect(globList('["/a/*", 3, "/b"]')).toEqual(['/a/*', '/b']);
    expect(globList('{"a":1}')).toEqual([]);
    expect(globList('not json')).toEqual([]);
    expect(globList(null)).toEqual([]);
  });

  it('skips before masking', () => {
    expect(reportedPath(['/admin/**'], ['/admin/*'], '/admin/x')).toBe('');
    expect(reportedPath([], ['/users/*'], '/users/42')).toBe('/users/*');
    expect(reportedPath([], ['/users/*'], '/about')).toBe('/about');
  });
});
