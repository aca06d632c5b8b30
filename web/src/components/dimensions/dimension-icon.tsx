// DimensionIcon: the small picture before a breakdown value: a flag, a device glyph, a browser's or system's mark
// (its letter badge where the icon package has none),
// a referrer's favicon. Everything is drawn here or comes from this instance: nothing is loaded from elsewhere.
import { useState } from 'react';
import type { SimpleIcon } from 'simple-icons';
import { brandIconOf } from './brand-icons';
import { isCountryCode } from './country-names';
import { flagUrlOf } from './flag-urls';

const BOX = 'inline-flex h-4 w-4 shrink-0 items-center justify-center';

/** Brand colours of the common browsers and systems, for their letter badges. */
const BRAND_COLOURS: Readonly<Record<string, string>> = {
  chrome: '#1a73e8', 'chrome mobile': '#1a73e8', chromium: '#3b5bdb', firefox: '#e66000', 'firefox mobile': '#e66000',
  safari: '#006cff', 'mobile safari': '#006cff', edge: '#0c7a5b', opera: '#d11b2e', 'samsung internet': '#5a3bd9',
  brave: '#e2521d', vivaldi: '#d62c2c', yandex: '#c81e1e', ie: '#1565c0',
  windows: '#0067b8', macos: '#555555', 'mac os': '#555555', ios: '#333333', android: '#2e7d32', linux: '#8a6d00',
  ubuntu: '#c7421a', 'chrome os': '#1a73e8', chromeos: '#1a73e8', fedora: '#294172', debian: '#a80030',
};

function LetterBadge({ text, colour }: { text: string; colour: string }) {
  const letter = (/[\p{L}\p{N}]/u.exec(text)?.[0] ?? '?').toUpperCase();
  return <span aria-hidden="true" data-icon="letter" className={`${BOX} rounded-full text-[0.6rem] font-bold leading-none text-white`} style={{ backgroundColor: colour }}>{letter}</span>;
}

/** A brand's mark in its colour; a black mark (Apple's) follows the text colour, so it shows on a dark page too. */
function BrandMark({ icon }: { icon: SimpleIcon }) {
  const black = icon.hex === '000000';
  return (
    <svg aria-hidden="true" data-icon="brand" data-brand={icon.slug} viewBox="0 0 24 24" className={`h-4 w-4 shrink-0 ${black ? 'fill-slate-800 dark:fill-slate-200' : ''}`} {...(black ? {} : { fill: `#${icon.hex}` })}>
      <path d={icon.path} />
    </svg>
  );
}

const DEVICE_PATHS: Readonly<Record<string, string>> = {
  desktop: 'M2 3h12v8H2zM6 13h4M8 11v2',
  mobile: 'M5 1.5h6v13H5zM7.5 12.5h1',
  tablet: 'M3 2h10v12H3zM7.5 12h1',
};

function DeviceGlyph({ type }: { type: string }) {
  const path = DEVICE_PATHS[type.toLowerCase()] ?? 'M3 3h10v10H3z';
  return (
    <svg aria-hidden="true" data-icon={`device-${type.toLowerCase()}`} viewBox="0 0 16 16" className="h-4 w-4 shrink-0 fill-none stroke-slate-600 dark:stroke-slate-300" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  );
}

/** A referrer's domain ("www.example.com", or a URL's host); undefined for anything that names no host. */
export function referrerDomain(value: string): string | undefined {
  const host = /^(?:[a-z][a-z0-9+.-]*:\/\/)?([^/?#:\s]+)/i.exec(value.trim())?.[1]?.toLowerCase();
  return host !== undefined && /^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(host) ? host : undefined;
}

/** The favicon through this instance's proxy; the letter badge when there is none (or favicons are off). */
function Favicon({ site, domain }: { site: string; domain: string }) {
  const [failed, setFailed] = useState(false);
  if (failed) return <LetterBadge text={domain.replace(/^www\./, '')} colour="#64748b" />;
  return <img alt="" data-icon="favicon" src={`/api/sites/${encodeURIComponent(site)}/favicon?domain=${encodeURIComponent(domain)}`} width={16} height={16} loading="lazy" className="h-4 w-4 shrink-0 rounded-sm" onError={() => setFailed(true)} />;
}

export interface DimensionIconProps {
  readonly parameter: string;
  readonly value: string;
  readonly site: string;
  /** Whether this instance fetches referrers' favicons (GET /api/config `favicons`). */
  readonly favicons: boolean;
}

/** The dimensions that have an icon. */
export const hasIcon = (parameter: string): boolean => ICON_DIMENSIONS.has(parameter);
const ICON_DIMENSIONS = new Set(['country', 'region', 'browser', 'browser_version', 'operating_system', 'operating_system_version', 'device_type', 'referrer']);

export function DimensionIcon({ parameter, value, site, favicons }: DimensionIconProps) {
  if (value === '') return <span aria-hidden="true" className={BOX} />;
  switch (parameter) {
    case 'country':
    case 'region': {
      const code = value.slice(0, 2);
      const flag = isCountryCode(code) ? flagUrlOf(code) : undefined;
      return flag ? <img alt="" data-icon="flag" data-flag={code.toUpperCase()} src={flag} width={16} height={12} loading="lazy" className="h-3 w-4 shrink-0 rounded-[1px] object-cover" /> : <span aria-hidden="true" className={BOX} />;
    }
    case 'device_type': return <DeviceGlyph type={value} />;
    case 'browser':
    case 'browser_version':
    case 'operating_system':
    case 'operating_system_version': {
      const name = parameter.endsWith('_version') ? value.replace(/\s+[\d.]+$/, '') : value;
      const brand = brandIconOf(name);
      return brand ? <BrandMark icon={brand} /> : <LetterBadge text={name} colour={BRAND_COLOURS[name.toLowerCase()] ?? '#64748b'} />;
    }
    case 'referrer': {
      const domain = referrerDomain(value);
      if (domain === undefined) return <span aria-hidden="true" className={BOX} />;
      return favicons ? <Favicon site={site} domain={domain} /> : <LetterBadge text={domain.replace(/^www\./, '')} colour="#64748b" />;
    }
    default: return null;
  }
}
