// A rejected tracking or identify body described as the spec's `details`: field errors and form errors.
import type { z } from 'zod';

export interface PayloadProblem {
  readonly fieldErrors: Record<string, string[]>;
  readonly formErrors: string[];
}

/** Zod issues as the spec's `details`: each unknown key is a field error of its own, path-less issues are form errors. */
export function payloadProblem(issues: readonly z.core.$ZodIssue[]): PayloadProblem {
  // No prototype: a field named `toString` or `__proto__` must get an entry of its own, not an inherited one.
  const fieldErrors = Object.create(null) as Record<string, string[]>;
  const formErrors: string[] = [];
  for (const problem of issues) {
    const keys = problem.code === 'unrecognized_keys' ? problem.keys : [];
    if (keys.length > 0) {
      for (const key of keys) (fieldErrors[key] ??= []).push('Unrecognized field');
      continue;
    }
    const field = problem.path[0];
    if (field === undefined) formErrors.push(problem.message);
    else (fieldErrors[String(field)] ??= []).push(problem.message);
  }
  return { fieldErrors, formErrors };
}

/** The problem of a body that is valid JSON but not an object (array, string, number, null). */
export function notAnObject(body: unknown): PayloadProblem | undefined {
  if (typeof body === 'object' && body !== null && !Array.isArray(body)) return undefined;
  return { fieldErrors: {}, formErrors: ['Expected a JSON object'] };
}
