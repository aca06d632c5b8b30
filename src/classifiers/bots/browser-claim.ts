// Reads which browser a user agent claims to be, for the header rules that depend on browser family and version.
export type BrowserFamily = 'chromium' | 'firefox' | 'safari' | 'other';

export interface BrowserClaim {
  readonly family: BrowserFamily;
  /** Major version, 0 when the family's version cannot be read. */
  readonly major: number;
}

const ENGINE = /AppleWebKit\/|Gecko\/|Trident\//;
const IOS_THIRD_PARTY = /\b(?:CriOS|FxiOS|EdgiOS|OPiOS)\//;
const CHROMIUM = /\b(?:Chrome|Chromium)\/(\d+)/;
const FIREFOX = /\bFirefox\/(\d+)/;
const SAFARI = /\bVersion\/(\d+)[^ ]*(?: Mobile\/\S+)? Safari\//;

function majorOf(found: RegExpExecArray | null): number | undefined {
  return found?.[1] === undefined ? undefined : Number(found[1]);
}

/**
 * Null when the user agent does not look like a browser at all (no `Mozilla/5.0` with a rendering engine).
 * Third-party iOS browsers are WebKit under another name and version scheme, so they count as `other`.
 */
export function readBrowserClaim(userAgent: string): BrowserClaim | null {
  if (!userAgent.startsWith('Mozilla/5.0') || !ENGINE.test(userAgent)) return null;
  if (IOS_THIRD_PARTY.test(userAgent)) return { family: 'other', major: 0 };
  const chromium = majorOf(CHROMIUM.exec(userAgent));
  if (chromium !== undefined) return { family: 'chromium', major: chromium };
  const firefox = majorOf(FIREFOX.exec(userAgent));
  if (firefox !== undefined) return { family: 'firefox', major: firefox };
  const safari = majorOf(SAFARI.exec(userAgent));
  if (safari !== undefined) return { family: 'safari', major: safari };
  return { family: 'other', major: 0 };
}
