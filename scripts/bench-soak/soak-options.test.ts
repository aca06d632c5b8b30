import { describe, expect, it } from 'vitest';
import { OptionsError, parseSoakOptions } from './soak-options.js';
import { secondOfPathname, soakPathname } from './tagged-load.js';

describe('bench:soak options', () => {
  it('defaults to 1,000 calls/s for 10 minutes on a fresh directory', () => {
    expect(parseSoakOptions([])).toMatchObject({ rate: 1000, minutes: 10, dataDir: undefined, port: 4590, pollMs: 500, readsEverySeconds: 5, keepData: false });
  });

  it('reads the rate, a fractional duration, a data directory and the output file', () => {
    expect(parseSoakOptions(['--rate', '3000', '--minutes', '60', '--data-dir', '/d', '--out', '/o.json'])).toMatchObject({ rate: 3000, minutes: 60, dataDir: '/d', out: '/o.json' });
    expect(parseSoakOptions(['--minutes', '0.5']).minutes).toBe(0.5);
  });

  it('keeps the server idle after the drain only when asked', () => {
    expect(parseSoakOptions([]).idleSeconds).toBe(0);
    expect(parseSoakOptions(['--idle', '600']).idleSeconds).toBe(600);
  });

  it.each([[['--rate', '0']], [['--rate', 'fast']], [['--minutes', '0.1']], [['--poll-ms', '10']], [['--idle', '-1']], [['--idle', '5.5']], [['--unknown']]])('refuses %j', (argv) => {
    expect(() => parseSoakOptions(argv)).toThrow(OptionsError);
  });

  it('tags pathnames with the run and the second, and reads them back', () => {
    expect(soakPathname('ab12', 37)).toBe('/soak/ab12/37');
    expect(secondOfPathname('ab12', '/soak/ab12/37')).toBe(37);
    expect(secondOfPathname('ab12', '/soak/cd34/37')).toBeUndefined();
    expect(secondOfPathname('ab12', '/pricing')).toBeUndefined();
  });
});
