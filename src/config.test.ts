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
