import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig: SPOOL_SYNC', () => {
  it('defaults to seal and accepts commit', () => {
    expect(loadConfig({}).spoolSync).toBe('seal');
    expect(loadConfig({ SPOOL_SYNC: 'seal' }).spoolSync).toBe('seal');
    expect(loadConfig({ SPOOL_SYNC: 'commit' }).spoolSync).toBe('commit');
  });

  it('refuses any other value, naming the variable', () => {
    expect(() => loadConfig({ SPOOL_SYNC: 'always' })).toThrow(ConfigError);
    expect(() => loadConfig({ SPOOL_SYNC: 'always' })).toThrow(/SPOOL_SYNC/);
  });
});

describe('loadConfig: BACKGROUND_THREAD_NICENESS', () => {
  it('defaults to 10 and accepts 0 to 19', () => {
    expect(loadConfig({}).backgroundThreadNiceness).toBe(10);
    expect(loadConfig({ BACKGROUND_THREAD_NICENESS: '0' }).backgroundThreadNiceness).toBe(0);
    expect(loadConfig({ BACKGROUND_THREAD_NICENESS: '19' }).backgroundThreadNiceness).toBe(19);
  });

  it('refuses values outside 0-19 and non-integers, naming the variable', () => {
    for (const value of ['-1', '20', '2.5', 'low']) {
      expect(() => loadConfig({ BACKGROUND_THREAD_NICENESS: value })).toThrow(/BACKGROUND_THREAD_NICENESS/);
    }
  });
});

describe('loadConfig: TRACKER_PATH', () => {
  it.each([
    [undefined, undefined],
    ['', undefined],
    ['/static/lp', '/static/lp'],
    ['/static/lp/', '/static/lp'],
    ['/a', '/a'],
    ['/x.y/z~_-1', '/x.y/z~_-1'],
    ['/apis/x', '/apis/x'],
  ])('accepts %j as %j', (value, expected) => {
    expect(loadConfig(value === undefined ? {} : { TRACKER_PATH: value }).trackerPath).toBe(expected);
  });

  it.each(['static/lp', '/', '//', '/a//b', '/a/../b', '/..', '/a/.', '/api', '/api/x', '/API/x', '/a b', '/a?x=1', '/a#b', '/a%2e%2e', `/${'a'.repeat(201)}`])(
    'refuses %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRACKER_PATH: value })).toThrow(/TRACKER_PATH/);
    },
  );
});

describe('loadConfig: CLICKHOUSE_CLUSTER', () => {
  it('is unset by default and read with CLICKHOUSE_URL', () => {
    expect(loadConfig({}).clickhouseCluster).toBeUndefined();
    expect(loadConfig({ CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_CLUSTER: 'loupe_cluster' }).clickhouseCluster).toBe('loupe_cluster');
  });

  it.each(['loupe-cluster', '1cluster', 'a b', "x'y", 'a'.repeat(65)])('refuses %j, naming the variable', (name) => {
    expect(() => loadConfig({ CLICKHOUSE_URL: 'http://ch:8123', CLICKHOUSE_CLUSTER: name })).toThrow(/CLICKHOUSE_CLUSTER/);
  });

  it('refuses a cluster without CLICKHOUSE_URL (the embedded store is one server)', () => {
    expect(() => loadConfig({ CLICKHOUSE_CLUSTER: 'loupe' })).toThrow(/CLICKHOUSE_CLUSTER needs CLICKHOUSE_URL/);
  });
});

describe('loadConfig: TRUST_PROXY', () => {
  it('defaults to no proxy; true is one hop; a number is that many hops; a list names the proxies', () => {
    expect(loadConfig({}).trustProxy).toEqual({ hops: 0 });
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toEqual({ hops: 2 });
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5,172.16.0.0/12' }).trustProxy).toEqual({ addresses: ['10.0.0.5', '172.16.0.0/12'] });
  });

  it('refuses anything else with a message that says what to give', () => {
    for (const value of ['all', '99', '10.0.0.0/40', 'caddy']) {
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY: expected false, a number of proxy hops in front of Loupe/);
    }
  });
});
