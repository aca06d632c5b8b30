// Turns a User-Agent header (plus the reported screen size) into the browser, OS and device fields of an event.
import { LRUCache } from 'lru-cache';
import UAParser from 'ua-parser-js';

export type DeviceType = 'Desktop' | 'Mobile' | 'Tablet' | 'TV' | 'Console' | 'Embedded';

export interface UserAgentFields {
  readonly browser: string;
  /** Major version only, e.g. "126". */
  readonly browser_version: string;
  readonly operating_system: string;
  readonly operating_system_version: string;
  readonly device_type: DeviceType;
}

export interface ScreenSize {
  readonly width: number;
  readonly height: number;
}

/** The part of a parse that depends on the UA string alone, so it can be cached by that string. */
interface ParsedUserAgent {
  readonly browser: string;
  readonly browser_version: string;
  readonly operating_system: string;
  readonly operating_system_version: string;
  /** Null when the UA names no device class; the screen size decides then. */
  readonly device_type: DeviceType | null;
}

/** ua-parser-js reads at most this many characters, so longer strings share a cache entry with their prefix. */
const PARSER_MAX_LENGTH = 500;
const CACHE_ENTRIES = 10_000;
const MOBILE_MAX_WIDTH = 767;
const TABLET_MAX_WIDTH = 1023;

/** The parser's device classes mapped onto Loupe's; wearables are counted as mobile devices. */
const DEVICE_TYPES: ReadonlyMap<string, DeviceType> = new Map([
  ['mobile', 'Mobile'],
  ['wearable', 'Mobile'],
  ['tablet', 'Tablet'],
  ['smarttv', 'TV'],
  ['console', 'Console'],
  ['embedded', 'Embedded'],
]);

/** Operating system names the parser spells differently from the vendor's current spelling. */
const OS_NAMES: ReadonlyMap<string, string> = new Map([
  ['Mac OS', 'macOS'],
  ['Chromium OS', 'ChromeOS'],
]);

const cache = new LRUCache<string, ParsedUserAgent>({ max: CACHE_ENTRIES });
const parser = new UAParser();

function majorVersion(version: string | undefined): string {
  if (!version) return '';
  const dot = version.indexOf('.');
  return dot === -1 ? version : version.slice(0, dot);
}

function parseUncached(ua: string): ParsedUserAgent {
  parser.setUA(ua);
  const { browser, os, device } = parser.getResult();
  const osName = os.name ?? '';
  return {
    browser: browser.name ?? '',
    browser_version: majorVersion(browser.version),
    operating_system: OS_NAMES.get(osName) ?? osName,
    operating_system_version: os.version ?? '',
    device_type: (device.type && DEVICE_TYPES.get(device.type)) || null,
  };
}

/** Device class from the screen width when the UA gives none; an unknown (0) width counts as a desktop. */
export function deviceTypeFromScreen(screen?: ScreenSize): DeviceType {
  const width = screen?.width ?? 0;
  if (width <= 0) return 'Desktop';
  if (width <= MOBILE_MAX_WIDTH) return 'Mobile';
  if (width <= TABLET_MAX_WIDTH) return 'Tablet';
  return 'Desktop';
}

/** Parses a UA string (cached) into the event's user-agent fields; unknown parts are empty strings. */
export function parseUserAgent(ua: string, screen?: ScreenSize): UserAgentFields {
  const key = ua.length > PARSER_MAX_LENGTH ? ua.slice(0, PARSER_MAX_LENGTH) : ua;
  let parsed = cache.get(key);
  if (parsed === undefined) {
    parsed = parseUncached(key);
    cache.set(key, parsed);
  }
  return {
    browser: parsed.browser,
    browser_version: parsed.browser_version,
    operating_system: parsed.operating_system,
    operating_system_version: parsed.operating_system_version,
    device_type: parsed.device_type ?? deviceTypeFromScreen(screen),
  };
}
