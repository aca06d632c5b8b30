// Path and value patterns: wildcards, anchoring, literal special characters, case rules, RE2 spelling.
import { describe, expect, it } from 'vitest';
import { pathPattern, valuePattern } from './wildcard-pattern.js';

describe('pathPattern', () => {
  it.each([
    ['/pricing', '/pricing', true],
    ['/pricing', '/pricing/', false],
    ['/pricing', '/pricing/enterprise', false],
    ['/pricing', '/Pricing', false],
    ['/blog/*', '/blog/hello', true],
    ['/blog/*', '/blog/', false],
    ['/blog/*', '/blog/a/b', false],
    ['/blog/*/comments', '/blog/x/comments', true],
    ['/blog/**', '/blog/', true],
    ['/blog/**', '/blog/a/b/c', true],
    ['/blog/**', '/blog', false],
    ['/docs/**/edit', '/docs/a/b/edit', true],
    ['**', '', true],
    ['/a.b', '/a.b', true],
    ['/a.b', '/axb', false],
    ['/p?x=(1)+[2]', '/p?x=(1)+[2]', true],
    ['/$^|{}\\', '/$^|{}\\', true],
    ['/café/*', '/café/ü', true],
  ])('%s on %s -> %s', (pattern, path, expected) => {
    expect(pathPattern(pattern).matcher.test(path)).toBe(expected);
  });

  it('spells the RE2 form with the same body', () => {
    expect(pathPattern('/blog/*/x.y/**').re2).toBe('(?s)^(?:/blog/[^/]+/x\\.y/.*)$');
  });
});

describe('valuePattern', () => {
  it.each([
    ['Sign up', 'sign UP', true],
    ['Sign up', 'Sign up now', false],
    ['sign up*', 'Sign up now', true],
    ['https://github.com/*', 'https://github.com/a/b', true],
    ['https://github.com/*', 'https://gitlab.com/a', false],
    ['*', '', true],
    ['a*c', 'a\nb\nc', true],
    ['1+1', '1+1', true],
    ['1+1', '11', false],
  ])('%s on %s -> %s', (pattern, value, expected) => {
    expect(valuePattern(pattern).matcher.test(value)).toBe(expected);
  });

  it('is case-insensitive in RE2 too', () => {
    expect(valuePattern('a*b').re2).toBe('(?is)^(?:a.*b)$');
  });
});
