// The replay module's settings: tag attributes over the site's, bounds kept, mask selectors merged.
import { describe, expect, it } from 'vitest';
import { replaySettings } from './replay-settings.js';

const attrs = (values: Record<string, string>) => (name: string) => values[name] ?? null;

describe('replaySettings', () => {
  it('defaults to the site\'s rate, 250-event batches every 5 s, 60 minutes, no text masking', () => {
    expect(replaySettings(attrs({}), { replaySampleRate: 40 })).toEqual({ sampleRate: 40, batchSize: 250, batchInterval: 5000, maxMinutes: 60, maskText: '' });
    expect(replaySettings(attrs({}), {}).sampleRate).toBe(100);
  });

  it('reads the tag\'s attributes and merges its mask selectors after the site\'s', () => {
    const tag = attrs({ 'replay-sample-rate': '0', 'replay-batch-size': '50', 'replay-batch-interval': '2000', 'replay-max-minutes': '5', 'replay-mask-text-selectors': '[".secret", 3]' });
    expect(replaySettings(tag, { replaySampleRate: 100, replayMaskTextSelectors: ['.pii'] })).toEqual({ sampleRate: 0, batchSize: 50, batchInterval: 2000, maxMinutes: 5, maskText: '.pii,.secret' });
  });

  it.each([
    ['replay-sample-rate', '101', 'sampleRate', 100],
    ['replay-sample-rate', 'abc', 'sampleRate', 100],
    ['replay-batch-interval', '10', 'batchInterval', 5000],
    ['replay-batch-size', '0', 'batchSize', 250],
    ['replay-max-minutes', '-1', 'maxMinutes', 60],
  ] as const)('ignores %s="%s" out of bounds', (name, value, key, expected) => {
    expect(replaySettings(attrs({ [name]: value }), {})[key]).toBe(expected);
  });

  it('ignores mask selectors that are not a JSON list', () => {
    expect(replaySettings(attrs({ 'replay-mask-text-selectors': '.x' }), {}).maskText).toBe('');
  });
});
