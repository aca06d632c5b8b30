// Country names as exports spell them (GA4's geo.country, Matomo's countryName) to ISO 3166-1 alpha-2 codes:
// the English names of Unicode's region list (what Intl.DisplayNames knows), plus older spellings still found.
const ALIASES: Readonly<Record<string, string>> = {
  'turkey': 'TR', 'czech republic': 'CZ', 'ivory coast': 'CI', "cote d'ivoire": 'CI', 'russian federation': 'RU',
  'korea, republic of': 'KR', 'republic of korea': 'KR', 'viet nam': 'VN', 'macedonia': 'MK', 'swaziland': 'SZ',
  'cape verde': 'CV', 'burma': 'MM', 'holy see': 'VA', 'iran, islamic republic of': 'IR', 'syrian arab republic': 'SY',
};

/** Codes Unicode still names that are no country's today (withdrawn, reserved, or groupings): a name maps to the assigned code. */
const NOT_ASSIGNED = new Set(['AN', 'BU', 'CS', 'DD', 'DY', 'EU', 'EZ', 'FX', 'HV', 'NH', 'NT', 'QO', 'RH', 'SU', 'TP', 'UK', 'UN', 'VD', 'XA', 'XB', 'YD', 'YU', 'ZR']);

let byName: Map<string, string> | undefined;

function names(): Map<string, string> {
  if (byName) return byName;
  byName = new Map(Object.entries(ALIASES));
  const display = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'code' });
  for (let first = 65; first <= 90; first++) {
    for (let second = 65; second <= 90; second++) {
      const code = String.fromCharCode(first, second);
      if (NOT_ASSIGNED.has(code)) continue;
      const name = display.of(code);
      const key = name?.toLowerCase().replace(/’/g, "'");
      if (key && name !== code && !byName.has(key)) byName.set(key, code);
    }
  }
  return byName;
}

/** The code of a country name, or '' when the name is unknown (or '(not set)'). */
export function countryCodeOfName(name: string): string {
  return names().get(name.trim().toLowerCase().replace(/’/g, "'")) ?? '';
}
