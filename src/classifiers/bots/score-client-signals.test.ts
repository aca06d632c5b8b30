import { describe, expect, it } from 'vitest';
import { headlessSignalsSchema, scoreClientSignals } from './score-client-signals.js';

describe('scoreClientSignals (catalogs/headless-signals.json)', () => {
  it.each<[string, number | undefined, number | undefined, number, number, string[], boolean]>([
    ['nothing sent', undefined, undefined, 0, 0, [], false],
    ['zeros', 0, 0, 0, 0, [], false],
    ['webdriver alone is conclusive', undefined, 1, 3, 0, ['webdriver'], true],
    ['headless user agent alone is conclusive', 0, 2, 3, 0, ['headless_user_agent'], true],
    ['automation globals alone are conclusive', 0, 16, 3, 0, ['automation_globals'], true],
    ['impossible screen alone is not enough', 0, 4, 2, 0, ['impossible_screen'], false],
    ['no plugins and no languages alone is not enough', 0, 8, 2, 0, ['no_plugins_no_languages'], false],
    ['chrome runtime missing alone is weak', 0, 32, 1, 0, ['chrome_runtime_missing'], false],
    ['all four weak bits together', 0, 32 + 64 + 128 + 256, 4, 0, ['chrome_runtime_missing', 'permission_mismatch', 'mobile_without_touch', 'software_renderer'], true],
    ['two weak bits', 0, 32 + 256, 2, 0, ['chrome_runtime_missing', 'software_renderer'], false],
    ['impossible screen plus a weak bit', 0, 4 + 64, 3, 0, ['impossible_screen', 'permission_mismatch'], true],
    ['unknown bits are ignored', 0, 512 + 1024 + 2 ** 40, 0, 0, [], false],
    ['a bit above 2^31 next to a known one', 0, 2 ** 33 + 8, 2, 0, ['no_plugins_no_languages'], false],
    ['client score below threshold', 2, 0, 0, 2, [], false],
    ['client score at threshold', 3, 0, 0, 3, [], true],
    ['client score decides even when bits are weak', 5, 32, 1, 5, ['chrome_runtime_missing'], true],
    ['negative and fractional values are ignored', -4, 2.5, 0, 0, [], false],
    ['NaN is ignored', Number.NaN, Number.NaN, 0, 0, [], false],
  ])('%s', (_name, score, mask, weight, clientScore, signals, flagged) => {
    expect(scoreClientSignals(score, mask)).toEqual({ weight, clientScore, signals, flagged });
  });

  it.each([
    ['a bit that is not a power of two', { threshold: 3, signals: [{ bit: 3, id: 'x', weight: 1, detects: '' }] }],
    ['a bit listed twice', { threshold: 3, signals: [{ bit: 4, id: 'x', weight: 1, detects: '' }, { bit: 4, id: 'y', weight: 1, detects: '' }] }],
  ])('rejects a data file with %s', (_name, file) => {
    expect(headlessSignalsSchema.safeParse(file).success).toBe(false);
  });

  it('honours a custom threshold', () => {
    const config = { threshold: 1, signals: [{ bit: 1, id: 'a', weight: 1, detects: '' }] };
    expect(scoreClientSignals(undefined, 1, config)).toEqual({ weight: 1, clientScore: 0, signals: ['a'], flagged: true });
  });
});
