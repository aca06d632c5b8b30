// The wildcard matcher: a table of cases, agreement with a reference regex on seeded random cases, bounded work.
import { describe, expect, it } from 'vitest';
import { seededRandom } from '../../../test/helpers/seeded-random.js';
import { compileWildcard, countWildcards, type StepCounter, type WildcardOptions } from './wildcard-matcher.js';

const PATH: WildcardOptions = { star: 'segment', caseInsensitive: false };
const VALUE: WildcardOptions = { star: 'any', caseInsensitive: true };
const EXACT: WildcardOptions = { star: 'any', caseInsensitive: false };

/** The reference: the pattern as a JavaScript regex (backtracking, so only for small cases). */
function referenceRegex(pattern: string, options: WildcardOptions): RegExp {
  const literal = (text: string) => text.replace(/[\\^$.|?*+()[\]{}]/g, '\\$&');
  const star = options.star === 'segment' ? '[^/]+' : '.*';
  const body = pattern.split('**').map((part) => part.split('*').map(literal).join(star)).join('.*');
  return new RegExp(`^(?:${body})$`, options.caseInsensitive ? 'isu' : 'su');
}

describe('compileWildcard', () => {
  it.each<[string, WildcardOptions, string, boolean]>([
    ['/pricing', PATH, '/pricing', true],
    ['/pricing', PATH, '/pricing/', false],
    ['/pricing', PATH, '/Pricing', false],
    ['/blog/*', PATH, '/blog/hello', true],
    ['/blog/*', PATH, '/blog/', false],
    ['/blog/*', PATH, '/blog/a/b', false],
    ['/blog/**', PATH, '/blog/', true],
    ['/blog/**', PATH, '/blog/a/b', true],
    ['/blog/**', PATH, '/blog', false],
    ['/docs/**/edit', PATH, '/docs/a/b/edit', true],
    ['/docs/**/edit', PATH, '/docs/edit', false],
    ['***', PATH, '/', false],
    ['***', PATH, 'a', true],
    ['**', PATH, '', true],
    ['*', PATH, '', false],
    ['/app/*/*/*.html', PATH, '/app/a/b/c.html', true],
    ['/app/*/*/*.html', PATH, `/app/${'/'.repeat(40)}`, false],
    ['/café/*', PATH, '/café/ü😀', true],
    ['a*c', VALUE, 'A\nB\nC', true],
    ['sign up*', VALUE, 'Sign Up now', true],
    ['*', VALUE, '', true],
    ['1+1', VALUE, '11', false],
    ['ÉTÉ', VALUE, 'été', true],
    ['*.example.com', EXACT, 'www.example.com', true],
    ['*.example.com', EXACT, 'example.com', false],
    ['/admin*', EXACT, '/Admin', false],
  ])('%s (%o) on %j -> %s', (pattern, options, text, expected) => {
    expect(compileWildcard(pattern, options).test(text)).toBe(expected);
  });

  it.each([
    ['path', PATH],
    ['value', VALUE],
    ['exact value', EXACT],
  ])('agrees with the reference regex on seeded random %s cases', (_name, options) => {
    const random = seededRandom(20260320);
    const patternChars = ['a', 'b', 'A', '/', '*', '*', '.', 'é'];
    const textChars = ['a', 'b', 'B', '/', '.', 'É', '\n'];
    const draw = (chars: string[], max: number) => Array.from({ length: random.int(0, max) }, () => random.pick(chars)).join('');
    const disagreements: string[] = [];
    for (let round = 0; round < 4000; round += 1) {
      const pattern = draw(patternChars, 7);
      const matcher = compileWildcard(pattern, options);
      const reference = referenceRegex(pattern, options);
      for (let text = 0; text < 5; text += 1) {
        const input = draw(textChars, 9);
        if (matcher.test(input) !== reference.test(input)) disagreements.push(`${JSON.stringify(pattern)} on ${JSON.stringify(input)}`);
      }
    }
    expect(disagreements).toEqual([]);
  });

  it.each<[string, string, WildcardOptions, string]>([
    ['nested segments on slashes', '/app/*/*/*.html', PATH, `/app/${'/'.repeat(2043)}`],
    ['segments on one long segment', '/*/*/*/*/*x', PATH, `/${'a'.repeat(2047)}`],
    ['any-runs of a repeated letter', '*a*a*a*b', VALUE, 'a'.repeat(2048)],
    ['ten stars', '*a*a*a*a*a*a*a*a*a*a', EXACT, 'a'.repeat(2047) + 'b'],
    ['a long literal after a star', `*${'a'.repeat(1000)}b`, VALUE, 'a'.repeat(2048)],
    ['globstars and segments', '**/*/**/*/**/*b', PATH, 'a/'.repeat(1024)],
  ])('bounds the work on %s by (text + 1) x (pattern tokens + 1)', (_name, pattern, options, text) => {
    const counter: StepCounter = { steps: 0 };
    expect(compileWildcard(pattern, options).test(text, counter)).toBe(false);
    const tokens = 2 * pattern.length;
    expect(counter.steps).toBeGreaterThan(0);
    expect(counter.steps).toBeLessThanOrEqual((text.length + 1) * (tokens + 1));
  });

  it('does a literal pattern in one pass over the text', () => {
    const counter: StepCounter = { steps: 0 };
    expect(compileWildcard('/a'.repeat(1000), PATH).test('/a'.repeat(1000), counter)).toBe(true);
    expect(counter.steps).toBe(2000);
  });
});

describe('countWildcards', () => {
  it.each([
    ['/pricing', 0],
    ['/blog/*', 1],
    ['/docs/**', 2],
    ['*a*a*a*b', 4],
  ])('%s has %i', (pattern, count) => {
    expect(countWildcards(pattern)).toBe(count);
  });
});
