// Checks that a filter regex is one ClickHouse (RE2 syntax) can compile, before it reaches a query.

const MAX_PATTERN_LENGTH = 1000;

/**
 * Returns why `pattern` is not a usable RE2 expression, or undefined when it is. RE2 has no
 * lookaround and no backreferences, so those are refused; the rest is compiled with the JavaScript
 * engine after rewriting the RE2-only spellings it lacks (`(?i)` flags, `(?P<name>`, `\A`, `\z`).
 */
export function re2PatternProblem(pattern: string): string | undefined {
  if (pattern.length > MAX_PATTERN_LENGTH) return `longer than ${MAX_PATTERN_LENGTH} characters`;
  if (/\(\?<?[=!]/.test(pattern)) return 'lookaround is not supported';
  if (hasBackreference(pattern)) return 'backreferences are not supported';
  try {
    new RegExp(toJavaScriptSyntax(pattern));
    return undefined;
  } catch {
    return 'does not compile';
  }
}

/** True when an unescaped `\1`..`\9` or `\k<` occurs (a doubled backslash is a literal one). */
function hasBackreference(pattern: string): boolean {
  for (let index = 0; index < pattern.length; index += 1) {
    if (pattern[index] !== '\\') continue;
    const next = pattern[index + 1] ?? '';
    if (/[1-9k]/.test(next)) return true;
    index += 1;
  }
  return false;
}

function toJavaScriptSyntax(pattern: string): string {
  return pattern
    .replace(/\(\?[imsU]+\)/g, '')
    .replace(/\(\?-?[imsU]+(?:-[imsU]+)?:/g, '(?:')
    .replace(/\(\?P</g, '(?<')
    .replace(/\\A/g, '^')
    .replace(/\\z/g, '$');
}
