// The `goal_ids` query parameter: a JSON array of goal ids (as the Rybbit web app sends it) or a comma-separated list.
import { z } from 'zod';

export const MAX_GOAL_IDS = 100;
const MESSAGE = `expected a JSON array (or comma-separated list) of at most ${MAX_GOAL_IDS} positive integer goal ids`;
const ID = /^[1-9]\d{0,9}$/;

/** The ids the text names, or undefined when it is not such a list. `[]` and an empty list are no ids. */
export function readGoalIds(text: string): number[] | undefined {
  if (text.length > 2000) return undefined;
  let items: unknown[];
  if (text.trimStart().startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (!Array.isArray(parsed)) return undefined;
      items = parsed;
    } catch {
      return undefined;
    }
  } else {
    items = text.trim() === '' ? [] : text.split(',').map((part) => part.trim());
  }
  if (items.length > MAX_GOAL_IDS) return undefined;
  const ids = items.map((item) => (typeof item === 'number' ? String(item) : item));
  if (!ids.every((id): id is string => typeof id === 'string' && ID.test(id))) return undefined;
  return [...new Set(ids.map(Number))].filter((id) => id <= 2_147_483_647);
}

export const goalIdsParam = z
  .string({ error: 'goal_ids is required' })
  .transform((text, context) => {
    const ids = readGoalIds(text);
    if (ids === undefined) {
      context.addIssue({ code: 'custom', message: MESSAGE });
      return z.NEVER;
    }
    return ids;
  })
  .describe(`the goals, a JSON array such as [1,2] (or 1,2); at most ${MAX_GOAL_IDS}`);
