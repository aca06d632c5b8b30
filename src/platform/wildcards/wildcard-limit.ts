// The most wildcards a saved pattern may hold, as a check for the schemas that accept patterns.
import { countWildcards } from './wildcard-matcher.js';

/** Matching stays bounded without it; the cap keeps patterns readable and their matching cheap. */
export const MAX_WILDCARDS = 10;

export const WILDCARD_LIMIT_MESSAGE = `must hold at most ${MAX_WILDCARDS} wildcards (*)`;

/** For `z.string().refine(withinWildcardLimit, WILDCARD_LIMIT_MESSAGE)`. */
export function withinWildcardLimit(pattern: string): boolean {
  return countWildcards(pattern) <= MAX_WILDCARDS;
}
