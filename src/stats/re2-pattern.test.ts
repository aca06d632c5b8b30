// Which regexes the filter validator lets through to ClickHouse.
import { describe, expect, it } from 'vitest';
import { re2PatternProblem } from './re2-pattern.js';

describe('re2PatternProblem', () => {
  it.each<[string, string | undefined]>([
    ['^/blog/[a-z0-9-]+$', undefined],
    ['(?i)^/blog', undefined],
    ['(?i:blog)|docs', undefined],
    ['(?P<slug>[a-z]+)', undefined],
    ['\\Astart\\z', undefined],
    ['a\\\\1', undefined],
    ['(a', 'does not compile'],
    ['[a-', 'does not compile'],
    ['*a', 'does not compile'],
    ['a(?=b)', 'lookaround is not supported'],
    ['(?<!a)b', 'lookaround is not supported'],
    ['(a)\\1', 'backreferences are not supported'],
    ['(?<n>a)\\k<n>', 'backreferences are not supported'],
    ['a'.repeat(1001), 'longer than 1000 characters'],
  ])('%s', (pattern, problem) => {
    expect(re2PatternProblem(pattern)).toBe(problem);
  });
});
