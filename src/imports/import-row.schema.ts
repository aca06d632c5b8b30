// Zod pieces shared by the platforms' row schemas, and a row's Zod issues as row problems.
import { z } from 'zod';
import { parseImportDate, parseImportTimestamp, TIMESTAMP_MESSAGE } from './import-time.js';
import type { RowProblem } from './mapped-row.js';

/** Optional text of at most `max` characters; a missing field reads as ''. */
export const text = (max: number) => z.string().max(max, `At most ${max} characters`).default('');

/** Required non-empty text of at most `max` characters. */
export const requiredText = (max: number) => z.string().min(1, 'Required').max(max, `At most ${max} characters`);

/** A timestamp in one of the accepted spellings, as epoch milliseconds. */
export const timestamp = z.string().transform((value, context) => {
  const ms = parseImportTimestamp(value);
  if (ms === undefined) {
    context.addIssue({ code: 'custom', message: TIMESTAMP_MESSAGE });
    return z.NEVER;
  }
  return ms;
});

/** A calendar date `YYYY-MM-DD`. */
export const date = z.string().refine((value) => parseImportDate(value) !== undefined, "Expected a date from 1970 on as 'YYYY-MM-DD'");

/** A non-negative integer given as digits (CSV) or as a JSON number; '' reads as 0. */
export const count = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), z.string().regex(/^\d{0,15}$/, 'Expected a non-negative integer')])
  .default(0)
  .transform((value) => (value === '' ? 0 : Number(value)));

/** A screen dimension: digits up to 65535 ('' or missing reads as 0). */
export const screenSide = count.refine((value) => value <= 65_535, 'At most 65535');

/** An ISO 3166-1 alpha-2 country code, or ''. */
export const countryCode = z.string().regex(/^(?:[A-Za-z]{2})?$/, 'Expected a two-letter country code').default('').transform((value) => value.toUpperCase());

/** The row's issues, one problem per issue, named by their first path element. */
export function rowProblems(issues: readonly z.core.$ZodIssue[]): RowProblem[] {
  return issues.map((issue) => ({ field: issue.path.length > 0 ? String(issue.path[0]) : '', message: issue.message }));
}

/** A row that is not an object is one problem on the whole row. */
export const NOT_AN_OBJECT: readonly RowProblem[] = [{ field: '', message: 'Expected an object' }];
