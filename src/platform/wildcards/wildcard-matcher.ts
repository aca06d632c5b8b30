// Wildcard patterns matched in linear-bounded time: a set-of-states walk over the pattern's tokens, never backtracking.
import { foldCase } from './fold-case.js';

/**
 * How a pattern reads its stars. `any`: `*` (and `**`) = any run of characters, also empty.
 * `segment`: `*` = one or more characters other than `/`, `**` = any run of characters (also empty).
 */
export type StarMeaning = 'any' | 'segment';

export interface WildcardOptions {
  readonly star: StarMeaning;
  /** Compare letters by Unicode simple case folding (as RE2's and JavaScript's `i` flags do). */
  readonly caseInsensitive: boolean;
}

/** Counts the work of a match: one step per (character, live state) pair visited. */
export interface StepCounter {
  steps: number;
}

export interface WildcardMatcher {
  /** True when the whole of `text` matches the pattern (anchored at both ends). */
  test(text: string, counter?: StepCounter): boolean;
}

const LITERAL = 0;
/** One character that is not `/`. */
const ONE_NON_SLASH = 1;
/** Zero or more characters that are not `/` (a self-loop). */
const MANY_NON_SLASH = 2;
/** Zero or more characters of any kind (a self-loop). */
const MANY_ANY = 3;
const SLASH = 0x2f;
const STAR = 0x2a;

interface Tokens {
  readonly kinds: Uint8Array;
  readonly chars: Int32Array;
}

/** Splits a pattern into tokens, reading `**` before `*` from left to right (so `***` is `**` then `*`). */
function tokenize(pattern: string, options: WildcardOptions): Tokens {
  const kinds: number[] = [];
  const chars: number[] = [];
  const push = (kind: number, char = 0) => {
    // Two adjacent any-runs are one any-run: fewer states, same language.
    if (kind === MANY_ANY && kinds[kinds.length - 1] === MANY_ANY) return;
    kinds.push(kind);
    chars.push(char);
  };
  for (let index = 0; index < pattern.length; ) {
    const char = pattern.codePointAt(index) ?? 0;
    if (char === STAR) {
      const double = pattern.charCodeAt(index + 1) === STAR;
      if (double || options.star === 'any') push(MANY_ANY);
      else {
        push(ONE_NON_SLASH);
        push(MANY_NON_SLASH);
      }
      index += double ? 2 : 1;
      continue;
    }
    push(LITERAL, options.caseInsensitive ? foldCase(char) : char);
    index += char > 0xffff ? 2 : 1;
  }
  return { kinds: Uint8Array.from(kinds), chars: Int32Array.from(chars) };
}

/**
 * Compiles a pattern once; `test` then simulates the pattern as a nondeterministic automaton whose
 * states are the positions between tokens, keeping the set of live states while it reads the text
 * once from left to right. Each state is in the set at most once per character, so a match costs at
 * most (text length + 1) x (token count + 1) steps, and the token count is at most twice the
 * pattern's length: O(n·m) in the worst case, whatever the pattern or the text, with no backtracking.
 * The state sets are allocated once per pattern and reused: `test` runs to completion without yielding.
 */
export function compileWildcard(pattern: string, options: WildcardOptions): WildcardMatcher {
  const { kinds, chars } = tokenize(pattern, options);
  const last = kinds.length;
  if (!kinds.some((kind) => kind !== LITERAL)) return literalMatcher(chars, options.caseInsensitive);
  let current = new Int32Array(last + 1);
  let next = new Int32Array(last + 1);
  const seen = new Uint32Array(last + 1);
  let generation = 0;
  let prefixLength = 0;
  while (kinds[prefixLength] === LITERAL) prefixLength += 1;
  /** `prefix*` (or `prefix**`): every text that starts with the prefix matches. */
  const endsWithAnyRun = prefixLength === last - 1 && kinds[prefixLength] === MANY_ANY;

  /** Adds `state` and the states reachable from it without reading (past zero-or-more tokens). */
  const add = (set: Int32Array, size: number, state: number): number => {
    let added = size;
    for (let at = state; at <= last && seen[at] !== generation; at += 1) {
      seen[at] = generation;
      set[added] = at;
      added += 1;
      if (at === last || (kinds[at] !== MANY_NON_SLASH && kinds[at] !== MANY_ANY)) break;
    }
    return added;
  };

  return {
    test(text, counter) {
      // The leading literal run has one way to match: compared directly, and the walk starts after it.
      let index = 0;
      for (let state = 0; state < prefixLength; state += 1) {
        if (counter) counter.steps += 1;
        if (index >= text.length) return false;
        const raw = text.codePointAt(index) ?? 0;
        index += raw > 0xffff ? 2 : 1;
        if (chars[state] !== (options.caseInsensitive ? foldCase(raw) : raw)) return false;
      }
      if (endsWithAnyRun) return true;
      generation = nextGeneration(generation, seen);
      let size = add(current, 0, prefixLength);
      while (index < text.length && size > 0) {
        const raw = text.codePointAt(index) ?? 0;
        index += raw > 0xffff ? 2 : 1;
        const char = options.caseInsensitive ? foldCase(raw) : raw;
        generation = nextGeneration(generation, seen);
        let nextSize = 0;
        for (let member = 0; member < size; member += 1) {
          const state = current[member] ?? last;
          if (state === last) continue;
          const kind = kinds[state];
          if (kind === LITERAL) {
            if (chars[state] === char) nextSize = add(next, nextSize, state + 1);
          } else if (kind === ONE_NON_SLASH) {
            if (char !== SLASH) nextSize = add(next, nextSize, state + 1);
          } else if (kind === MANY_ANY || char !== SLASH) {
            nextSize = add(next, nextSize, state);
          }
        }
        if (counter) counter.steps += size;
        const read = current;
        current = next;
        next = read;
        size = nextSize;
      }
      for (let member = 0; member < size; member += 1) if (current[member] === last) return true;
      return false;
    },
  };
}

/** Generation stamps mark set membership without clearing; on wrap-around the stamps are cleared once. */
function nextGeneration(generation: number, seen: Uint32Array): number {
  if (generation < 0xffffffff) return generation + 1;
  seen.fill(0);
  return 1;
}

/** A pattern without wildcards matches exactly one text (up to case): a single comparison pass. */
function literalMatcher(chars: Int32Array, caseInsensitive: boolean): WildcardMatcher {
  return {
    test(text, counter) {
      let position = 0;
      for (let index = 0; index < text.length; position += 1) {
        if (counter) counter.steps += 1;
        const raw = text.codePointAt(index) ?? 0;
        index += raw > 0xffff ? 2 : 1;
        if (position >= chars.length || chars[position] !== (caseInsensitive ? foldCase(raw) : raw)) return false;
      }
      return position === chars.length;
    },
  };
}

/** How many `*` characters a pattern holds (a `**` counts two). */
export function countWildcards(pattern: string): number {
  let count = 0;
  for (let index = 0; index < pattern.length; index += 1) if (pattern.charCodeAt(index) === STAR) count += 1;
  return count;
}
