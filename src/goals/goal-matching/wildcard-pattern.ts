// Goal patterns compiled once: an RE2 expression for ClickHouse `match()` and a non-backtracking matcher for JavaScript.
import { compileWildcard, type WildcardMatcher, type WildcardOptions } from '../../platform/wildcards/wildcard-matcher.js';

export interface CompiledPattern {
  /** RE2 syntax with inline flags, for ClickHouse `match()` (bind it as a parameter); RE2 runs in linear time. */
  readonly re2: string;
  /**
   * The same language for JavaScript, without a regex: event values come from anyone, and a backtracking
   * engine on `*a*a*a*b` and a long value would hold the event loop for seconds.
   */
  readonly matcher: WildcardMatcher;
}

const SPECIAL = /[\\^$.|?*+()[\]{}]/g;
const CACHE_LIMIT = 1000;
const PATH: WildcardOptions = { star: 'segment', caseInsensitive: false };
const VALUE: WildcardOptions = { star: 'any', caseInsensitive: true };
const pathCache = new Map<string, CompiledPattern>();
const valueCache = new Map<string, CompiledPattern>();

/** Characters RE2 reads literally once escaped. */
function escapeLiteral(text: string): string {
  return text.replace(SPECIAL, (character) => `\\${character}`);
}

/** `**` becomes `.*`, `*` becomes `star`, everything else is literal (the tokens the matcher reads, in the same order). */
function globBody(pattern: string, star: string): string {
  return pattern
    .split('**')
    .map((part) => part.split('*').map(escapeLiteral).join(star))
    .join('.*');
}

function re2Of(body: string, caseInsensitive: boolean): string {
  return `(?${caseInsensitive ? 'i' : ''}s)^(?:${body})$`;
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
export function pathPattern(pattern: string): CompiledPattern {
  return cached(pathCache, pattern, () => ({ re2: re2Of(globBody(pattern, '[^/]+'), false), matcher: compileWildcard(pattern, PATH) }));
}

/** A value pattern (URL, button text, form name, copied text): `*` and `**` = any run of characters, anchored, case-insensitive. */
export function valuePattern(pattern: string): CompiledPattern {
  return cached(valueCache, pattern, () => ({ re2: re2Of(globBody(pattern, '.*'), true), matcher: compileWildcard(pattern, VALUE) }));
}
