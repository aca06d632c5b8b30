// How deeply a JSON text nests, read in one pass without recursion: a line nested thousands deep is refused
// before JSON.parse, since the code that walks a parsed value (validation, the store's encoding) recurses.

/** An export's row nests a few levels (GA4's event_params: 4); 64 leaves room. */
export const MAX_JSON_DEPTH = 64;

/** True when the text's arrays and objects nest deeper than `max` (brackets inside strings do not count). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (inString) {
      if (code === 0x5c) index++; // a backslash: the next character is escaped
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x5b || code === 0x7b) {
      depth++;
      if (depth > max) return true;
    } else if (code === 0x5d || code === 0x7d) depth--;
  }
  return false;
}
