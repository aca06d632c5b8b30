// How Umami names browsers, operating systems and devices, in Loupe's spelling (the user-agent parser's).
export const UMAMI_BROWSERS: Readonly<Record<string, string>> = {
  chrome: 'Chrome',
  crios: 'Mobile Chrome',
  firefox: 'Firefox',
  fxios: 'Mobile Firefox',
  safari: 'Safari',
  ios: 'Mobile Safari',
  'ios-webview': 'Mobile Safari',
  'edge-chromium': 'Edge',
  edge: 'Edge',
  'edge-ios': 'Edge',
  opera: 'Opera',
  samsung: 'Samsung Browser',
  yandexbrowser: 'Yandex',
  facebook: 'Facebook',
  'chromium-webview': 'Chrome WebView',
};

export const UMAMI_OPERATING_SYSTEMS: Readonly<Record<string, readonly [string, string]>> = {
  'windows 10': ['Windows', '10'],
  'windows 7': ['Windows', '7'],
  'windows 8.1': ['Windows', '8.1'],
  'mac os': ['macOS', ''],
  ios: ['iOS', ''],
  'android os': ['Android', ''],
  linux: ['Linux', ''],
  'chrome os': ['ChromeOS', ''],
};

export const UMAMI_DEVICES: Readonly<Record<string, string>> = {
  desktop: 'Desktop',
  laptop: 'Desktop',
  mobile: 'Mobile',
  tablet: 'Tablet',
};
