// The journeys' `stepFilters` query parameter: a JSON object from a 0-based step to the page (or path pattern) required there.
import { z } from 'zod';

/** Steps are 0..MAX_STEP_INDEX (journeys have at most 10 pages). */
export const MAX_STEP_INDEX = 9;
const MAX_TEXT = 4000;
const MAX_PATH = 2048;
const STEP = /^\d$/;
const MESSAGE =
  `expected a JSON object from a step (0..${MAX_STEP_INDEX}) to a page path or path pattern (at most ${MAX_PATH} characters), such as {"1":"/pricing"}`;

/** Step index -> path or pattern, or undefined when the text is not such an object. Blank paths are no filter. */
export function readStepFilters(text: string): Map<number, string> | undefined {
  if (text.trim() === '') return new Map();
  if (text.length > MAX_TEXT) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return undefined;
  const filters = new Map<number, string>();
  for (const [step, path] of Object.entries(parsed)) {
    if (!STEP.test(step) || typeof path !== 'string' || path.length > MAX_PATH) return undefined;
    if (path.trim() !== '') filters.set(Number(step), path);
  }
  return filters;
}

export const stepFiltersParam = z
  .string()
  .optional()
  .transform((text, context) => {
    const filters = readStepFilters(text ?? '');
    if (filters === undefined) {
      context.addIssue({ code: 'custom', message: MESSAGE });
      return z.NEVER;
    }
    return filters;
  })
  .describe(
    'only journeys with these pages at these steps: a JSON object from a 0-based step to a path, or a path pattern ' +
      '(`*` = one path segment, `**` = anything), such as {"1":"/pricing"}; a blank path is no filter; a step past `steps` matches no journey',
  );
