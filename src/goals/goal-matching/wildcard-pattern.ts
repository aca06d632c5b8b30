// Goal patterns compiled once into one regular expression, spelled for RE2 (ClickHouse) and for JavaScript.

export interface CompiledPattern {
  /** RE2 syntax with inline flags, for ClickHouse `match()` (bind it as a parameter). */
  readonly re2: string;
  /** The same expression for JavaScript. */
  readonly js: RegExp;
}

const SPECIAL = /[\\^$.|?*+()[\]{}]/g;
const CACHE_LIMIT = 1000;
const pathCache = new Map<string, CompiledPattern>();
const valueCache = new Map<string, CompiledPattern>();

/** Characters both engines read literally once escaped (only syntax characters, so JavaScript's `u` mode accepts them). */
function escapeLiteral(text: string): string {
  return text.replace(SPECIAL, (character) => `\\${character}`);
}

/** `**` becomes `.*`, `*` becomes `star`, everything else is literal. */
function globBody(pattern: string, star: string): string {
  return pattern
    .split('**')
    .map((part) => part.split('*').map(escapeLiteral).join(star))
    .join('.*');
}

function compile(body: string, caseInsensitive: boolean): CompiledPattern {
  const anchored = `^(?:${body})$`;
  return {
    re2: `(?${caseInsensitive ? 'i' : ''}s)${anchored}`,
    js: new RegExp(anchored, caseInsensitive ? 'isu' : 'su'),
  };
}

function cached(cache: Map<string, CompiledPattern>, key: string, build: () => CompiledPattern): CompiledPattern {
  const hit = cache.get(key);
  if (hit) return hit;
  if (cache.size >= CACHE_LIMIT) cache.clear();
  const compiled = build();
  cache.set(key, compiled);
  return compiled;
}

/** True when the pattern has no wildcard: it then matches exactly one string, itself. */
export function isLiteralPattern(pattern: string): boolean {
  return !pattern.includes('*');
}

/** A path pattern: `*` = one non-empty path segment, `**` = anything (also empty), anchored, case-sensitive. */
export function pathPatternRegex(pattern: string): CompiledPattern {
  return cached(pathCache, pattern, () => compile(globBody(pattern, '[^/]+'), false));
}

/** A value pattern (URL, button text, form name, copied text): `*` and `**` = any run of characters, anchored, case-insensitive. */
export function valuePatternRegex(pattern: string): CompiledPattern {
  return cached(valueCache, pattern, () => compile(globBody(pattern, '.*'), true));
}
