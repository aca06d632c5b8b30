// The one filter translator: checked filters -> a SQL condition on the events table.
import { comparisonNumber } from './comparison-value.js';
import { findDimension, type Dimension } from './dimensions.js';
import type { Filter, FilterType, FilterValue } from './filters.schema.js';
import { siteScopeSql } from './site-scope.js';
import { allOf, anyOf, type SqlFragment } from './sql-fragment.js';
import type { TimeRange } from './time-range.js';

/** What a filter needs besides itself: session filters look at the same site and time range. */
export interface FilterContext {
  readonly siteId: number;
  readonly range: TimeRange;
  /** Prefix of the bound parameter names (`<prefix><filter>_<value>`); change it to combine two filter sets. */
  readonly paramPrefix?: string;
}

/** Types that exclude rows: their values are ANDed, and for event_name they mean "no such event". */
const NEGATED: Partial<Record<FilterType, FilterType>> = {
  not_equals: 'equals',
  not_contains: 'contains',
  not_regex: 'regex',
  is_null: 'is_not_null',
};

const COMPARISONS: Partial<Record<FilterType, string>> = {
  greater_than: '>',
  less_than: '<',
  greater_than_or_equal: '>=',
  less_than_or_equal: '<=',
};

/** Several filters are ANDed. Throws on a filter whose parameter is not in the catalog (validate first). */
export function buildFilterSql(filters: readonly Filter[], context: FilterContext): SqlFragment {
  return allOf(filterConditions(filters, context));
}

/** One condition per filter, for callers that build a flat AND list. */
export function filterConditions(filters: readonly Filter[], context: FilterContext): SqlFragment[] {
  const prefix = context.paramPrefix ?? 'f';
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(prefix)) throw new Error(`buildFilterSql: bad parameter prefix ${prefix}`);
  return filters.map((filter, index) => oneFilterSql(filter, `${prefix}${index}`, context));
}

function oneFilterSql(filter: Filter, name: string, context: FilterContext): SqlFragment {
  const dimension = findDimension(filter.parameter, `${name}_key`);
  if (!dimension) throw new Error(`buildFilterSql: unknown parameter ${filter.parameter}`);
  if (!dimension.selectsSessions) return valuesCondition(dimension.expression, filter, name);
  const having =
    dimension.level === 'session'
      ? valuesCondition(dimension.expression, filter, name)
      : hasEventCondition(dimension, filter, name);
  const scope = siteScopeSql(context.siteId, context.range);
  return {
    sql: `session_id IN (SELECT session_id FROM events WHERE ${scope.sql} GROUP BY session_id HAVING ${having.sql})`,
    params: { ...scope.params, ...having.params },
  };
}

/** Sessions with at least one matching event, or for a negative type, with none matching its positive form. */
function hasEventCondition(dimension: Dimension, filter: Filter, name: string): SqlFragment {
  const positive = NEGATED[filter.type];
  const condition = valuesCondition(dimension.expression, { ...filter, type: positive ?? filter.type }, name);
  return { sql: `countIf(${condition.sql}) ${positive ? '= 0' : '> 0'}`, params: condition.params };
}

/** One filter's values: ORed for positive types, ANDed for negative ones. */
function valuesCondition(expression: SqlFragment, filter: Filter, name: string): SqlFragment {
  if (filter.type === 'is_null') return withExpression(expression, (sql) => `${sql} = ''`, {});
  if (filter.type === 'is_not_null') return withExpression(expression, (sql) => `${sql} != ''`, {});
  const conditions = filter.value.map((value, index) => valueCondition(expression, filter.type, value, `${name}_${index}`));
  return Object.hasOwn(NEGATED, filter.type) ? allOf(conditions) : anyOf(conditions);
}

function valueCondition(expression: SqlFragment, type: FilterType, value: FilterValue, name: string): SqlFragment {
  const text = `{${name}:String}`;
  const bind = { [name]: String(value) };
  switch (type) {
    case 'equals':
      return withExpression(expression, (sql) => `${sql} = ${text}`, bind);
    case 'not_equals':
      return withExpression(expression, (sql) => `${sql} != ${text}`, bind);
    case 'contains':
      return withExpression(expression, (sql) => `positionCaseInsensitiveUTF8(${sql}, ${text}) > 0`, bind);
    case 'not_contains':
      return withExpression(expression, (sql) => `positionCaseInsensitiveUTF8(${sql}, ${text}) = 0`, bind);
    case 'starts_with':
      return withExpression(expression, (sql) => `startsWith(lowerUTF8(${sql}), lowerUTF8(${text}))`, bind);
    case 'ends_with':
      return withExpression(expression, (sql) => `endsWith(lowerUTF8(${sql}), lowerUTF8(${text}))`, bind);
    case 'regex':
      return withExpression(expression, (sql) => `match(${sql}, ${text})`, bind);
    case 'not_regex':
      return withExpression(expression, (sql) => `NOT match(${sql}, ${text})`, bind);
    default:
      return comparison(expression, type, value, name);
  }
}

/**
 * A number compares with the leading number of the value (`121.0.6167` reads as 121.0; a value
 * without one never matches); any other string compares as text.
 */
function comparison(expression: SqlFragment, type: FilterType, value: FilterValue, name: string): SqlFragment {
  const operator = COMPARISONS[type];
  if (!operator) throw new Error(`buildFilterSql: no SQL for filter type ${type}`);
  const numeric = comparisonNumber(value);
  if (numeric === undefined) {
    return withExpression(expression, (sql) => `${sql} ${operator} {${name}:String}`, { [name]: value });
  }
  return withExpression(
    expression,
    (sql) => `toFloat64OrNull(extract(${sql}, '^-?[0-9]+(?:[.][0-9]+)?')) ${operator} {${name}:Float64}`,
    { [name]: numeric },
  );
}

function withExpression(expression: SqlFragment, render: (sql: string) => string, params: Record<string, unknown>): SqlFragment {
  return { sql: render(expression.sql), params: { ...expression.params, ...params } };
}
