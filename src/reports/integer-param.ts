// A report's own integer query parameter (limit, page, steps, minutes...): bounds checked, a default when absent.
import { z } from 'zod';

/** Query strings carry text: `'12'` reads as 12, an empty value as absent; anything else is a 400 naming the parameter. */
function readInteger(value: unknown): unknown {
  if (value === '' || value === undefined) return undefined;
  return typeof value === 'string' && /^-?\d{1,16}$/.test(value) ? Number(value) : value;
}

function boundedInteger(min: number, max: number) {
  const message = `expected an integer from ${min} to ${max}`;
  return z.number({ error: message }).int({ error: message }).min(min, { error: message }).max(max, { error: message });
}

/** An integer in `[min, max]`, `fallback` when the parameter is absent or empty. */
export function integerParam(min: number, max: number, fallback: number) {
  return z.preprocess(readInteger, boundedInteger(min, max).default(fallback));
}

/** An integer in `[min, max]`, undefined when absent (for defaults that depend on another parameter). */
export function optionalIntegerParam(min: number, max: number) {
  return z.preprocess(readInteger, boundedInteger(min, max).optional());
}
