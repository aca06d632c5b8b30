import { describe, expect, it } from 'vitest';
import { OptionsError, parseInsertOptions } from './insert-options.js';

describe('bench:insert options', () => {
  it('has defaults for a run of a few minutes', () => {
    expect(parseInsertOptions([])).toEqual({ blocks: 20, rows: 20_000, gapMs: 100, repeats: 3, only: undefined, seed: 7, help: false });
  });

  it('reads every option', () => {
    const options = parseInsertOptions(['--blocks', '5', '--rows', '1000', '--gap-ms', '0', '--repeats', '1', '--only', 'kind', '--seed', '3', '--help']);
    expect(options).toMatchObject({ blocks: 5, rows: 1000, gapMs: 0, repeats: 1, seed: 3, help: true });
    expect(options.only?.test('-page_views_by_kind')).toBe(true);
  });

  it('refuses bad values with the option named', () => {
    expect(() => parseInsertOptions(['--blocks', '0'])).toThrow(new OptionsError('--blocks must be a whole number >= 1, got "0"'));
    expect(() => parseInsertOptions(['--rows', '2.5'])).toThrow(OptionsError);
    expect(() => parseInsertOptions(['--only', '('])).toThrow(new OptionsError('--only must be a regular expression, got "("'));
    expect(() => parseInsertOptions(['--unknown'])).toThrow(OptionsError);
  });
});
