// A session's User-Agent as people recognise their devices: browser (major version), operating system, device class.
import UAParser from 'ua-parser-js';

export interface SessionDevice {
  /** e.g. "Firefox 128"; empty when the User-Agent names none. */
  readonly browser: string;
  /** e.g. "macOS"; empty when unknown. */
  readonly operatingSystem: string;
  readonly deviceType: 'Desktop' | 'Mobile' | 'Tablet' | 'Other';
  /** One line for a list, e.g. "Firefox 128 on macOS"; "Unknown device" when the User-Agent says nothing usable. */
  readonly description: string;
}

/** The parser reads at most this many characters; a User-Agent is cut there before parsing. */
const MAX_LENGTH = 500;
const OS_NAMES: ReadonlyMap<string, string> = new Map([['Mac OS', 'macOS'], ['Chromium OS', 'ChromeOS']]);
const DEVICE_TYPES: ReadonlyMap<string, SessionDevice['deviceType']> = new Map([['mobile', 'Mobile'], ['wearable', 'Mobile'], ['tablet', 'Tablet']]);

export function describeSessionDevice(userAgent: string | null | undefined): SessionDevice {
  const { browser, os, device } = new UAParser((userAgent ?? '').slice(0, MAX_LENGTH)).getResult();
  const major = browser.version?.split('.')[0];
  const browserText = browser.name ? (major ? `${browser.name} ${major}` : browser.name) : '';
  const osText = os.name ? (OS_NAMES.get(os.name) ?? os.name) : '';
  const known = browserText !== '' || osText !== '';
  const deviceType = device.type ? (DEVICE_TYPES.get(device.type) ?? 'Other') : known ? 'Desktop' : 'Other';
  const description = browserText && osText ? `${browserText} on ${osText}` : browserText || osText || 'Unknown device';
  return { browser: browserText, operatingSystem: osText, deviceType, description };
}
