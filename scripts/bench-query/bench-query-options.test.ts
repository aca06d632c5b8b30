// Command-line options: defaults, every flag, and the errors a mistyped flag gives.
import { describe, expect, it } from 'vitest';
import { OptionsError, parseQueryBenchOptions } from './bench-query-options.js';

describe('parseQueryBenchOptions', () => {
  it('has defaults, DATA_DIR before ./data', () => {
    expect(parseQueryBenchOptions([], { DATA_DIR: '/srv/loupe' })).toEqual({
      dataDir: '/srv/loupe', siteId: 1, runs: 15, passes: 2, events: undefined, days: 30, seed: 42,
      filter: { parameter: 'country', value: 'US' }, only: undefined, help: false,
    });
    expect(parseQueryBenchOptions([], {}).dataDir).toBe('./data');
  });

  it('reads every flag', () => {
    const options = parseQueryBenchOptions(
      ['--data-dir', '/tmp/d', '--site', '3', '--runs', '5', '--passes', '3', '--events', '10000000', '--days', '7', '--seed', '0', '--filter', 'channel=Organic Search', '--only', 'overview|metric'],
      {},
    );
    expect({ ...options, only: options.only?.source }).toEqual({
      dataDir: '/tmp/d', siteId: 3, runs: 5, passes: 3, events: 10_000_000, days: 7, seed: 0,
      filter: { parameter: 'channel', value: 'Organic Search' }, only: 'overview|metric', help: false,
    });
  });

  it.each([
    [['--runs', '0'], '--runs must be a whole number >= 1, got "0"'],
    [['--passes', '0'], '--passes must be a whole number >= 1, got "0"'],
    [['--site', 'one'], '--site must be a whole number >= 1, got "one"'],
    [['--filter', 'country'], '--filter must look like parameter=value, got "country"'],
    [['--filter', '=US'], '--filter must look like parameter=value, got "=US"'],
    [['--only', '('], '--only must be a regular expression, got "("'],
  ])('%j -> %s', (argv, message) => {
    expect(() => parseQueryBenchOptions(argv, {})).toThrow(new OptionsError(message));
  });

  it('refuses an unknown flag', () => {
    expect(() => parseQueryBenchOptions(['--bogus'], {})).toThrow(OptionsError);
  });
});
