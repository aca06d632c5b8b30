// Exact user-agent fields for real browser, device and console UA strings, and the screen-size fallback.
import { describe, expect, it } from 'vitest';
import { deviceTypeFromScreen, parseUserAgent, type ScreenSize, type UserAgentFields } from './user-agent.js';

const cases: Array<[string, string, UserAgentFields]> = [
  [
    'Chrome on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '126', operating_system: 'Windows', operating_system_version: '10', device_type: 'Desktop' },
  ],
  [
    'Safari on iPhone',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', browser_version: '17', operating_system: 'iOS', operating_system_version: '17.5.1', device_type: 'Mobile' },
  ],
  [
    'Firefox on Linux',
    'Mozilla/5.0 (X11; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { browser: 'Firefox', browser_version: '127', operating_system: 'Linux', operating_system_version: '', device_type: 'Desktop' },
  ],
  [
    'Firefox on Ubuntu',
    'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:127.0) Gecko/20100101 Firefox/127.0',
    { browser: 'Firefox', browser_version: '127', operating_system: 'Ubuntu', operating_system_version: '', device_type: 'Desktop' },
  ],
  [
    'Edge on Windows',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 Edg/125.0.2535.92',
    { browser: 'Edge', browser_version: '125', operating_system: 'Windows', operating_system_version: '10', device_type: 'Desktop' },
  ],
  [
    'Samsung Internet on a Galaxy phone',
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36',
    { browser: 'Samsung Internet', browser_version: '25', operating_system: 'Android', operating_system_version: '14', device_type: 'Mobile' },
  ],
  [
    'Safari on iPad',
    'Mozilla/5.0 (iPad; CPU OS 16_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/16.6 Mobile/15E148 Safari/604.1',
    { browser: 'Mobile Safari', browser_version: '16', operating_system: 'iOS', operating_system_version: '16.6', device_type: 'Tablet' },
  ],
  [
    'Chrome on an Android tablet',
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.6367.179 Safari/537.36',
    { browser: 'Chrome', browser_version: '124', operating_system: 'Android', operating_system_version: '13', device_type: 'Tablet' },
  ],
  [
    'Samsung smart TV',
    'Mozilla/5.0 (SMART-TV; Linux; Tizen 6.0) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/4.0 Chrome/76.0.3809.146 TV Safari/537.36',
    { browser: 'Samsung Internet', browser_version: '4', operating_system: 'Tizen', operating_system_version: '6.0', device_type: 'TV' },
  ],
  [
    'LG webOS TV',
    'Mozilla/5.0 (Web0S; Linux/SmartTV) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/79.0.3945.79 Safari/537.36 WebAppManager',
    { browser: 'Chrome', browser_version: '79', operating_system: 'webOS', operating_system_version: 'TV', device_type: 'TV' },
  ],
  [
    'PlayStation 5',
    'Mozilla/5.0 (PlayStation; PlayStation 5/2.26) AppleWebKit/605.1.15 (KHTML, like Gecko)',
    { browser: 'WebKit', browser_version: '605', operating_system: 'PlayStation', operating_system_version: '5', device_type: 'Console' },
  ],
  [
    'Xbox One',
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64; Xbox; Xbox One) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19041',
    { browser: 'Edge', browser_version: '18', operating_system: 'Xbox', operating_system_version: 'One', device_type: 'Console' },
  ],
  [
    'Safari on macOS',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    { browser: 'Safari', browser_version: '17', operating_system: 'macOS', operating_system_version: '10.15.7', device_type: 'Desktop' },
  ],
  [
    'Chrome on ChromeOS',
    'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    { browser: 'Chrome', browser_version: '126', operating_system: 'ChromeOS', operating_system_version: '14541.0.0', device_type: 'Desktop' },
  ],
  [
    'Opera on Windows 8.1',
    'Mozilla/5.0 (Windows NT 6.3; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/109.0.0.0 Safari/537.36 OPR/95.0.0.0',
    { browser: 'Opera', browser_version: '95', operating_system: 'Windows', operating_system_version: '8.1', device_type: 'Desktop' },
  ],
  [
    'Chrome on iPhone (CriOS)',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1',
    { browser: 'Chrome', browser_version: '126', operating_system: 'iOS', operating_system_version: '17.5', device_type: 'Mobile' },
  ],
  [
    'Amazon Fire TV stick',
    'Mozilla/5.0 (Linux; Android 9; AFTMM Build/PS7233) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.110 Mobile Safari/537.36',
    { browser: 'Chrome', browser_version: '70', operating_system: 'Android', operating_system_version: '9', device_type: 'TV' },
  ],
  [
    'Nintendo Switch',
    'Mozilla/5.0 (Nintendo Switch; WifiWebAuthApplet) AppleWebKit/606.4 (KHTML, like Gecko) NF/6.0.1.15.4 NintendoBrowser/5.1.0.20393',
    { browser: 'WebKit', browser_version: '606', operating_system: 'Nintendo', operating_system_version: 'Switch', device_type: 'Console' },
  ],
  [
    'Internet Explorer 11',
    'Mozilla/5.0 (Windows NT 6.1; Trident/7.0; rv:11.0) like Gecko',
    { browser: 'IE', browser_version: '11', operating_system: 'Windows', operating_system_version: '7', device_type: 'Desktop' },
  ],
  [
    'a command-line client',
    'curl/8.5.0',
    { browser: '', browser_version: '', operating_system: '', operating_system_version: '', device_type: 'Desktop' },
  ],
  [
    'an empty header',
    '',
    { browser: '', browser_version: '', operating_system: '', operating_system_version: '', device_type: 'Desktop' },
  ],
];

describe('parseUserAgent', () => {
  it.each(cases)('parses %s', (_name, ua, expected) => {
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  it('returns the same fields from the cache on a second call', () => {
    const [, ua, expected] = cases[1]!;
    expect(parseUserAgent(ua)).toEqual(expected);
    expect(parseUserAgent(ua)).toEqual(expected);
  });

  const ipadDesktopMode =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';
  const phoneUa =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

  it.each<[string, string, ScreenSize | undefined, string]>([
    ['desktop-mode iPad UA on a tablet screen', ipadDesktopMode, { width: 820, height: 1180 }, 'Tablet'],
    ['desktop UA on a phone-sized screen', ipadDesktopMode, { width: 390, height: 844 }, 'Mobile'],
    ['desktop UA on a laptop screen', ipadDesktopMode, { width: 1440, height: 900 }, 'Desktop'],
    ['desktop UA without a screen', ipadDesktopMode, undefined, 'Desktop'],
    ['a phone UA on a wide screen keeps the UA class', phoneUa, { width: 1920, height: 1080 }, 'Mobile'],
  ])('uses the screen only when the UA names no device: %s', (_name, ua, screen, deviceType) => {
    expect(parseUserAgent(ua, screen).device_type).toBe(deviceType);
  });

  it('reads only the first 500 characters, so a longer tail cannot change the result', () => {
    const long = 'curl/8.5.0' + ' '.repeat(490) + cases[0]![1];
    expect(parseUserAgent(long)).toEqual(cases[20]![2]);
    expect(parseUserAgent(long.slice(490))).toEqual(cases[0]![2]);
  });
});

describe('deviceTypeFromScreen', () => {
  it.each<[ScreenSize | undefined, string]>([
    [undefined, 'Desktop'],
    [{ width: 0, height: 0 }, 'Desktop'],
    [{ width: 320, height: 568 }, 'Mobile'],
    [{ width: 767, height: 1024 }, 'Mobile'],
    [{ width: 768, height: 1024 }, 'Tablet'],
    [{ width: 1023, height: 768 }, 'Tablet'],
    [{ width: 1024, height: 768 }, 'Desktop'],
    [{ width: 2560, height: 1440 }, 'Desktop'],
  ])('%j -> %s', (screen, expected) => {
    expect(deviceTypeFromScreen(screen)).toBe(expected);
  });
});
