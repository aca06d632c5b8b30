// The response schema of a row whose fields come from a catalog of [name, kind, sql] (session, user, profile fields).
import { z } from 'zod';

type FieldEntry = readonly [string, 'text' | 'number', string];
type RowShape<F extends readonly FieldEntry[]> = { [E in F[number] as E[0]]: E[1] extends 'number' ? z.ZodNumber : z.ZodString };

/** One Zod field per catalog entry: text as a string, number as a number, in the catalog's order. */
export function catalogRowShape<const F extends readonly FieldEntry[]>(fields: F): RowShape<F> {
  return Object.fromEntries(fields.map(([name, kind]) => [name, kind === 'number' ? z.number() : z.string()])) as RowShape<F>;
}
