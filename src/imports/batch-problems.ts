// A batch with bad rows: one 400 naming every bad row (up to a limit) and field, nothing stored.
import { BadRequestError } from '../platform/http/app-errors.js';
import type { RowProblem } from './mapped-row.js';

/** At most this many problems are listed; the message says how many rows were bad in all. */
const MAX_LISTED = 100;

export interface IndexedProblem extends RowProblem {
  /** The row's index in the batch's `events` array. */
  readonly index: number;
}

/** The error for a batch's problems: `details.fieldErrors` keyed `events.<index>.<field>`, as body validation keys them. */
export function batchProblemsError(problems: readonly IndexedProblem[], badRows: number): BadRequestError {
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  for (const problem of problems.slice(0, MAX_LISTED)) {
    const key = problem.field === '' ? `events.${problem.index}` : `events.${problem.index}.${problem.field}`;
    (fieldErrors[key] ??= []).push(problem.message);
  }
  const first = problems[0];
  const where = first ? `row ${first.index}${first.field === '' ? '' : `, field '${first.field}'`}: ${first.message}` : 'no rows';
  const more = badRows > 1 ? ` (${badRows} bad rows in all; nothing from this batch was stored)` : ' (nothing from this batch was stored)';
  return new BadRequestError(`Invalid event at ${where}${more}`, { fieldErrors, formErrors: [] });
}
