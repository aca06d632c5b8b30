// The `filters` parameter: its Zod schema, and parsing it (or a saved segment's filters) into checked filters.
import { z } from 'zod';
import { StatsParamError } from './bad-request-error.js';
import { comparisonNumber, isComparableNumber, MAX_COMPARISON_MAGNITUDE } from './comparison-value.js';
import { findDimension } from './dimensions.js';
import { re2PatternProblem } from './re2-pattern.js';

export const FILTER_TYPES = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'starts_with',
  'ends_with',
  'regex',
  'not_regex',
  'is_null',
  'is_not_null',
  'greater_than',
  'less_than',
  'greater_than_or_equal',
  'less_than_or_equal',
] as const;

export type FilterType = (typeof FILTER_TYPES)[number];
export type FilterValue = string | number;

/** One checked filter: `parameter` is in the dimension catalog, `type` is known, regexes compile. */
export interface Filter {
  readonly parameter: string;
  readonly type: FilterType;
  readonly value: readonly FilterValue[];
}

export const MAX_FILTERS = 50;
export const MAX_FILTER_VALUES = 100;
const MAX_VALUE_LENGTH = 2048;

const COMPARISON_TYPES: ReadonlySet<string> = new Set(['greater_than', 'less_than', 'greater_than_or_equal', 'less_than_or_equal']);

const isFilterType = (type: string): type is FilterType => (FILTER_TYPES as readonly string[]).includes(type);

/** Why one structurally valid filter cannot be used, or undefined. */
function filterProblem(filter: { parameter: string; type: string; value?: readonly FilterValue[] | undefined }) {
  if (!findDimension(filter.parameter)) return `unknown parameter '${filter.parameter}'`;
  if (!isFilterType(filter.type)) return `unknown type '${filter.type}'`;
  const values = filter.value ?? [];
  if (filter.type !== 'is_null' && filter.type !== 'is_not_null' && values.length === 0) {
    return `${filter.parameter} ${filter.type} needs at least one value`;
  }
  if (values.length > MAX_FILTER_VALUES) return `more than ${MAX_FILTER_VALUES} values for ${filter.parameter}`;
  for (const value of values) {
    if (typeof value === 'number' && !Number.isFinite(value)) return `${filter.parameter} has a non-finite number`;
    if (String(value).length > MAX_VALUE_LENGTH) return `a ${filter.parameter} value is too long`;
    const numeric = COMPARISON_TYPES.has(filter.type) ? comparisonNumber(value) : undefined;
    if (numeric !== undefined && !isComparableNumber(numeric)) {
      return `${filter.parameter} ${filter.type} needs a number from -${MAX_COMPARISON_MAGNITUDE} to ${MAX_COMPARISON_MAGNITUDE}`;
    }
    if (filter.type === 'regex' || filter.type === 'not_regex') {
      const problem = re2PatternProblem(String(value));
      if (problem) return `bad regex '${String(value)}' (${problem})`;
    }
  }
  return undefined;
}

/** A filter object as a client sends it; unknown keys are ignored. */
export const filterSchema = z.object({
  parameter: z.string().describe('a dimension name, e.g. `channel`, `pathname` or `url_param:<name>`'),
  type: z.string().describe(`one of ${FILTER_TYPES.join(', ')}`),
  value: z.array(z.union([z.string(), z.number()])).optional().describe('values; optional for is_null / is_not_null'),
});

/** The filter list, shared by the `filters` query parameter and saved segments. */
export const filterListSchema = z
  .array(filterSchema)
  .max(MAX_FILTERS)
  .superRefine((filters, context) => {
    filters.forEach((filter, index) => {
      const problem = filterProblem(filter);
      if (problem) context.addIssue({ code: 'custom', message: problem, path: [index] });
    });
  })
  .transform((filters): Filter[] =>
    filters.map((filter) => ({ parameter: filter.parameter, type: filter.type as FilterType, value: filter.value ?? [] })),
  );

/** Checks an already-decoded filter list; errors name `parameter` (`filters`, or `segment_id` for a segment's). */
export function validateFilters(raw: unknown, parameter = 'filters'): Filter[] {
  const result = filterListSchema.safeParse(raw);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const detail =
    issue?.code === 'custom'
      ? issue.message
      : issue?.code === 'too_big'
        ? `at most ${MAX_FILTERS} filters`
        : 'expected an array of {parameter, type, value} objects';
  throw new StatsParamError(parameter, `Invalid ${parameter}: ${detail}`);
}

/** Parses the `filters` query parameter (a JSON string); absent means no filters. */
export function parseFiltersParam(json: string | undefined): Filter[] {
  if (json === undefined) return [];
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    throw new StatsParamError('filters', 'Invalid filters: not valid JSON');
  }
  return validateFilters(raw, 'filters');
}
