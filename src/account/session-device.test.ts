// Table tests of the one-line device description of a session's User-Agent.
import { describe, expect, it } from 'vitest';
import { describeSessionDevice } from './session-device.js';

describe('describeSessionDevice', () => {
  it.each([
    ['Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'macOS', 'Desktop', 'Firefox 128 on macOS'],
    ['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'Windows', 'Desktop', 'Chrome 126 on Windows'],
    ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Mobile Safari 17', 'iOS', 'Mobile', 'Mobile Safari 17 on iOS'],
    ['Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Mobile Safari 17', 'iOS', 'Tablet', 'Mobile Safari 17 on iOS'],
    ['curl/8.5.0', '', '', 'Other', 'Unknown device'],
    ['', '', '', 'Other', 'Unknown device'],
  ])('%s', (userAgent, browser, operatingSystem, deviceType, description) => {
    expect(describeSessionDevice(userAgent)).toEqual({ browser, operatingSystem, deviceType, description });
  });

  it('reads a missing User-Agent as unknown, and only the first 500 characters of a long one', () => {
    expect(describeSessionDevice(null).description).toBe('Unknown device');
    expect(describeSessionDevice(`${'x'.repeat(500)} Firefox/128.0`).description).toBe('Unknown device');
  });
});
