// Country codes (ISO 3166-1 alpha-2, as the API's country dimension holds them) as names and flag emoji.

const names = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' }) : undefined;

/** True for a two-letter code (the only form a flag or a name is made from). */
export const isCountryCode = (value: string): boolean => /^[A-Za-z]{2}$/.test(value);

/** "France" for "FR"; the value itself when it is not a code the browser knows. */
export function countryName(code: string): string {
  if (!isCountryCode(code)) return code;
  try {
    return names?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
