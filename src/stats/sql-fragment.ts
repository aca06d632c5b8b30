// The `{ sql, params }` value every stats SQL builder returns, and the ways fragments are combined.
import type { QueryParams } from '../platform/analytics-store/analytics-store.js';

/** ClickHouse SQL text with `{name:Type}` placeholders, and the values bound to them. */
export interface SqlFragment {
  readonly sql: string;
  readonly params: QueryParams;
}

/** The condition every row meets: what an empty conjunction renders as. */
export const ALWAYS_TRUE: SqlFragment = Object.freeze({ sql: '1 = 1', params: {} });

/** The condition no row meets: what an empty disjunction renders as. */
export const ALWAYS_FALSE: SqlFragment = Object.freeze({ sql: '1 = 0', params: {} });

/** Conditions joined with AND; `ALWAYS_TRUE` parts are dropped. */
export function allOf(fragments: readonly SqlFragment[]): SqlFragment {
  if (fragments.some((fragment) => fragment.sql === ALWAYS_FALSE.sql)) return ALWAYS_FALSE;
  return join(fragments.filter((fragment) => fragment.sql !== ALWAYS_TRUE.sql), 'AND', ALWAYS_TRUE);
}

/** Conditions joined with OR; `ALWAYS_FALSE` parts are dropped. */
export function anyOf(fragments: readonly SqlFragment[]): SqlFragment {
  if (fragments.some((fragment) => fragment.sql === ALWAYS_TRUE.sql)) return ALWAYS_TRUE;
  return join(fragments.filter((fragment) => fragment.sql !== ALWAYS_FALSE.sql), 'OR', ALWAYS_FALSE);
}

/**
 * Merges the parameters of several fragments. Two fragments binding one name to different values
 * would silently change a query's meaning, so that throws: it is a bug in a builder, not bad input.
 */
export function mergeParams(fragments: readonly SqlFragment[]): QueryParams {
  const params: Record<string, unknown> = {};
  for (const fragment of fragments) {
    for (const [name, value] of Object.entries(fragment.params)) {
      if (name in params && params[name] !== value) {
        throw new Error(`SQL parameter ${name} is bound twice with different values`);
      }
      params[name] = value;
    }
  }
  return params;
}

function join(parts: readonly SqlFragment[], operator: 'AND' | 'OR', empty: SqlFragment): SqlFragment {
  const [first] = parts;
  if (first === undefined) return empty;
  if (parts.length === 1) return first;
  return { sql: parts.map((part) => `(${part.sql})`).join(` ${operator} `), params: mergeParams(parts) };
}
