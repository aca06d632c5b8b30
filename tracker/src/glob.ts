// Path globs for skip and mask patterns: `*` matches within one path segment, `**` matches anything.
// A set-of-states simulation: no backtracking, time bounded by path length times pattern length.

export function globMatch(pattern: string, path: string): boolean {
  // `**` becomes a newline, a character no URL path holds, so each pattern position is one token.
  const p = pattern.split('**').join('\n');
  let on: boolean[] = [true];
  for (let k = 0; ; k++) {
    // Stars may match nothing: each star's state also enables the state after it (in order, so chains close).
    for (let i = 0; i < p.length; i++) if (on[i] && (p[i] == '*' || p[i] == '\n')) on[i + 1] = true;
    if (k == path.length) return !!on[p.length];
    const c = path[k];
    const next: boolean[] = [];
    for (let i = 0; i < p.length; i++) {
      if (!on[i]) continue;
      if (p[i] == '\n' || (p[i] == '*' && c != '/')) next[i] = true;
      else if (p[i] == c) next[i + 1] = true;
    }
    on = next;
  }
}

/** The first pattern of `patterns` that matches `path`, if any. */
export function firstMatch(patterns: readonly string[], path: string): string | undefined {
  for (const pattern of patterns) if (globMatch(pattern, path)) return pattern;
  return undefined;
}

/** A JSON array of globs from a data attribute; anything else counts as no pattern. */
export function globList(value: string | null): string[] {
  try {
    const parsed: unknown = JSON.parse(value || '[]');
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item == 'string') : [];
  } catch {
    return [];
  }
}

/** The path to report for `path`: '' when a skip glob matches, the matching mask glob, or the path itself. */
export function reportedPath(skip: readonly string[], mask: readonly string[], path: string): string {
  return firstMatch(skip, path) ? '' : firstMatch(mask, path) || path;
}
