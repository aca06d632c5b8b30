// The regexes Loupe built from wildcard patterns before its own matcher, rebuilt here only to measure them.

const GOAL_SPECIAL = /[\\^$.|?*+()[\]{}]/g;

function goalBody(pattern: string, star: string): string {
  const literal = (text: string) => text.replace(GOAL_SPECIAL, '\\$&');
  return pattern.split('**').map((part) => part.split('*').map(literal).join(star)).join('.*');
}

/** Site exclusions: `*` = `.*`, anchored, case-sensitive. */
export function legacyExclusionRegex(pattern: string): RegExp {
  const escaped = pattern.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*');
  return new RegExp(`^${escaped}$`);
}

/** Goal path patterns: `*` = `[^/]+`, `**` = `.*`. */
export function legacyPathRegex(pattern: string): RegExp {
  return new RegExp(`^(?:${goalBody(pattern, '[^/]+')})$`, 'su');
}

/** Goal value patterns: `*` = `.*`, case-insensitive. */
export function legacyValueRegex(pattern: string): RegExp {
  return new RegExp(`^(?:${goalBody(pattern, '.*')})$`, 'isu');
}
