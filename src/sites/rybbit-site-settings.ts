// The site settings keys of Rybbit's web app that Loupe maps, or accepts only at their default.
import { z } from 'zod';
import { BadRequestError } from '../platform/http/app-errors.js';
import type { SiteSettings } from './site-settings.schema.js';
import type { Site } from './site.js';
import { RybbitSettingsKeys } from './rybbit-settings-keys.js';

type RybbitKeys = { [K in keyof typeof RybbitSettingsKeys]?: z.infer<(typeof RybbitSettingsKeys)[K]> };

/** The value each unsupported key may take: Rybbit's default, which is what Loupe does. */
const ACCEPTED_DEFAULTS: ReadonlyArray<[keyof RybbitKeys, (value: unknown) => boolean]> = [
  ['trackIp', (value) => value === false],
  ['excludedASNs', (value) => Array.isArray(value) && value.length === 0],
  ['excludedQueryParams', (value) => Array.isArray(value) && value.length === 0],
  ['embedEnabled', (value) => value === false],
  ['firstPartyProxy', (value) => value === false],
  ['tags', (value) => Array.isArray(value) && value.length === 0],
  ['type', (value) => value === 'web'],
];

/**
 * Loupe's settings patch from a body that may carry Rybbit's keys: `trackFormInteractions` becomes
 * `trackFormSubmit` and `trackInputChange` (an explicit one of those wins); the unsupported keys must hold
 * their default, else a 400 names them.
 */
export function loupeSettingsOf<T extends RybbitKeys & Partial<SiteSettings>>(body: T): Omit<T, keyof RybbitKeys> {
  const unsupported = ACCEPTED_DEFAULTS.filter(([key, isDefault]) => body[key] !== undefined && !isDefault(body[key])).map(([key]) => key);
  if (unsupported.length > 0) throw new BadRequestError(`Not supported by Loupe: ${unsupported.join(', ')}`, { unsupported });
  const { trackFormInteractions, trackIp: _ip, excludedASNs: _asns, excludedQueryParams: _params, embedEnabled: _embed, firstPartyProxy: _proxy, tags: _tags, type: _type, ...rest } = body;
  if (trackFormInteractions === undefined) return rest;
  return { trackFormSubmit: trackFormInteractions, trackInputChange: trackFormInteractions, ...rest };
}

/** Rybbit's single form toggle, read from Loupe's two: on only when both are (nothing is captured the site did not choose). */
export function trackFormInteractionsOf(site: Pick<SiteSettings, 'trackFormSubmit' | 'trackInputChange'>): boolean {
  return site.trackFormSubmit && site.trackInputChange;
}

/** The site record with Rybbit's fields Loupe can answer truthfully. */
export function withRybbitFields(site: Site): Site & { trackFormInteractions: boolean; trackIp: false } {
  return { ...site, trackFormInteractions: trackFormInteractionsOf(site), trackIp: false };
}
