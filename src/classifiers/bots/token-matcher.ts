// Compiles a list of user-agent tokens into one case-insensitive regular expression, so a lookup is one pass.
export interface Tokened {
  readonly token: string;
}

export type TokenMatcher<T extends Tokened> = (text: string) => T | null;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/**
 * The leftmost token in the text wins; at one position the longest token wins ("Googlebot-Image" before
 * "Googlebot"). A token must not follow a letter or digit, so "DotBot" does not fire inside "MyDotBot".
 */
export function createTokenMatcher<T extends Tokened>(entries: readonly T[]): TokenMatcher<T> {
  if (entries.length === 0) return () => null;
  const byToken = new Map<string, T>();
  for (const entry of entries) byToken.set(entry.token.toLowerCase(), entry);
  const alternatives = [...byToken.keys()].sort((a, b) => b.length - a.length).map(escapeRegExp);
  const pattern = new RegExp(`(?<![a-z0-9])(?:${alternatives.join('|')})`, 'i');
  return (text) => {
    const found = pattern.exec(text);
    return found ? (byToken.get(found[0].toLowerCase()) ?? null) : null;
  };
}
