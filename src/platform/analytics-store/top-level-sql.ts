// Finds what sits at the top level of a SQL text (outside parentheses, quotes and backticks): commas, keywords.

/** Calls `visit` with the offset of every character at the top level, in order; stops when it returns true. */
function walkTopLevel(sql: string, visit: (offset: number) => boolean): void {
  let depth = 0;
  let quote: string | undefined;
  for (let i = 0; i < sql.length; i++) {
    const char = sql[i];
    if (quote !== undefined) {
      if (char === '\\') i++;
      else if (char === quote) quote = undefined;
      continue;
    }
    if (char === "'" || char === '`' || char === '"') quote = char;
    else if (char === '(' || char === '[') depth++;
    else if (char === ')' || char === ']') depth--;
    else if (depth === 0 && visit(i)) return;
  }
}

/** The parts of `sql` between its top-level commas, trimmed. */
export function splitTopLevelCommas(sql: string): string[] {
  const parts: string[] = [];
  let start = 0;
  walkTopLevel(sql, (offset) => {
    if (sql[offset] === ',') {
      parts.push(sql.slice(start, offset).trim());
      start = offset + 1;
    }
    return false;
  });
  parts.push(sql.slice(start).trim());
  return parts;
}

/** The offset of the first top-level occurrence of `keyword` (upper case, a whole word), or -1. */
export function topLevelKeywordOffset(sql: string, keyword: string): number {
  let found = -1;
  const isWordChar = (char: string | undefined) => char !== undefined && /[A-Za-z0-9_]/.test(char);
  walkTopLevel(sql, (offset) => {
    const matches =
      sql.startsWith(keyword, offset) && !isWordChar(sql[offset - 1]) && !isWordChar(sql[offset + keyword.length]);
    if (matches) found = offset;
    return matches;
  });
  return found;
}
