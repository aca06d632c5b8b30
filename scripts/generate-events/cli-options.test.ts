import { describe, expect, it } from 'vitest';
import { CliError, parseCliOptions } from './cli-options.js';

const parse = (argv: string[], env: Record<string, string> = {}) => parseCliOptions(argv, env, () => 777);

describe('parseCliOptions', () => {
  it('has defaults', () => {
    expect(parse([])).toEqual({
      events: 1_000_000,
      days: 30,
      siteId: 1,
      dataDir: './data',
      clickhouseUrl: undefined,
      seed: 777,
      endMs: undefined,
      chunkSize: 200_000,
      help: false,
    });
  });

  it('reads every flag', () => {
    const argv = [
      '--events', '10000000', '--days', '7', '--site', '3', '--data-dir', '/tmp/x', '--clickhouse-url', 'http://ch:8123',
      '--seed', '42', '--end', '2026-01-31T00:00:00Z', '--chunk-size', '50000',
    ];
    expect(parse(argv)).toEqual({
      events: 10_000_000,
      days: 7,
      siteId: 3,
      dataDir: '/tmp/x',
      clickhouseUrl: 'http://ch:8123',
      seed: 42,
      endMs: Date.UTC(2026, 0, 31),
      chunkSize: 50_000,
      help: false,
    });
  });

  it.each([
    [{ DATA_DIR: '/srv/loupe', CLICKHOUSE_URL: 'http://db:8123' }, '/srv/loupe', 'http://db:8123'],
    [{ CLICKHOUSE_URL: '' }, './data', undefined],
  ])('falls back to the environment %o', (env, dataDir, clickhouseUrl) => {
    const options = parse([], env);
    expect([options.dataDir, options.clickhouseUrl]).toEqual([dataDir, clickhouseUrl]);
  });

  it.each([
    [['--events', '0'], '--events must be between 1 and 1000000000, got 0'],
    [['--events', '1e6'], '--events must be a whole number, got "1e6"'],
    [['--days=-3'], '--days must be a whole number, got "-3"'],
    [['--days', '-3'], "Option '--days' argument is ambiguous"],
    [['--site', 'abc'], '--site must be a whole number, got "abc"'],
    [['--end', 'yesterday'], '--end must be an ISO 8601 date-time, got "yesterday"'],
    [['--events'], "Option '--events <value>' argument missing"],
    [['--colour'], "Unknown option '--colour'"],
  ])('rejects %o', (argv, message) => {
    expect(() => parse(argv)).toThrow(CliError);
    expect(() => parse(argv)).toThrow(message);
  });

  it('recognises --help', () => {
    expect(parse(['--help']).help).toBe(true);
  });
});
