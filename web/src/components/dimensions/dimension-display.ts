// How a breakdown's values read: country codes as names, the empty value as "(none)", each dimension's own words.

import { countryName } from './country-names';

/** The dimensions whose values are ISO country codes. */
const COUNTRY_DIMENSIONS = new Set(['country']);

/** A region value is an ISO 3166-2 code ("FR-IDF"): shown with its country's name. */
const PLACE_DIMENSIONS = new Set(['region']);

const DEVICE_TYPES: Readonly<Record<string, string>> = { desktop: 'Desktop', mobile: 'Mobile', tablet: 'Tablet', console: 'Console', smarttv: 'Smart TV', wearable: 'Wearable', embedded: 'Embedded' };

/** The text a breakdown row of `parameter` shows for `value`. */
export function displayValue(parameter: string, value: string): string {
  if (value === '') return '(none)';
  if (COUNTRY_DIMENSIONS.has(parameter)) return countryName(value);
  if (PLACE_DIMENSIONS.has(parameter)) {
    const match = /^([A-Za-z]{2})-([A-Za-z0-9]{1,3})$/.exec(value);
    return match?.[1] && match[2] ? `${match[2]}, ${countryName(match[1])}` : value;
  }
  if (parameter === 'device_type') return DEVICE_TYPES[value.toLowerCase()] ?? value;
  return value;
}
