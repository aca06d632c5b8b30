// Whether an events row satisfies a goal, as a ClickHouse condition (reports and funnels use this).
import { allOf, ALWAYS_FALSE, anyOf, type SqlFragment } from '../../stats/sql-fragment.js';
import { GOAL_TARGETS, type GoalDefinition } from './goal-definition.js';
import { propertyTextSql, urlParameterTextSql } from './event-fields.js';
import { isLiteralPattern, pathPattern, valuePattern } from './wildcard-pattern.js';

/**
 * The same rule as `goalMatchesEvent`, over the `events` columns. Every value is bound; parameter
 * names start with `paramPrefix` (letters, digits, `_`), so several goals fit in one query.
 */
export function goalConditionSql(goal: GoalDefinition, paramPrefix: string): SqlFragment {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(paramPrefix)) throw new Error(`goalConditionSql: bad parameter prefix ${paramPrefix}`);
  const p = paramPrefix;
  const { config } = goal;
  const parts: SqlFragment[] = [{ sql: `type = {${p}type:String}`, params: { [`${p}type`]: GOAL_TARGETS[goal.goalType].eventType } }];
  if (goal.hostname !== undefined) parts.push({ sql: `hostname = {${p}host:String}`, params: { [`${p}host`]: goal.hostname.toLowerCase() } });
  const filters = config.propertyFilters ?? [];
  if (goal.goalType === 'path') {
    if (config.pathPattern === undefined) return ALWAYS_FALSE;
    // A pattern without wildcards is an equality, which ClickHouse evaluates several times faster than a regex.
    parts.push(
      isLiteralPattern(config.pathPattern)
        ? { sql: `pathname = {${p}path:String}`, params: { [`${p}path`]: config.pathPattern } }
        : { sql: `match(pathname, {${p}path:String})`, params: { [`${p}path`]: pathPattern(config.pathPattern).re2 } },
    );
    filters.forEach((filter, index) => parts.push(equals(urlParameterTextSql(`${p}pk${index}`, filter.key), `${p}pv${index}`, filter.value)));
    return allOf(parts);
  }
  if (goal.goalType === 'event') {
    if (config.eventName === undefined) return ALWAYS_FALSE;
    parts.push({ sql: `event_name = {${p}name:String}`, params: { [`${p}name`]: config.eventName } });
  } else if (config.valuePattern !== undefined) {
    const pattern = `{${p}value:String}`;
    const alternatives = GOAL_TARGETS[goal.goalType].valueProperties.map((key, index) => {
      const value = propertyTextSql(`${p}vk${index}`, key);
      return { sql: `match(${value.sql}, ${pattern})`, params: { ...value.params, [`${p}value`]: valuePattern(config.valuePattern ?? '').re2 } };
    });
    parts.push(anyOf(alternatives));
  }
  filters.forEach((filter, index) => parts.push(equals(propertyTextSql(`${p}pk${index}`, filter.key), `${p}pv${index}`, filter.value)));
  return allOf(parts);
}

function equals(expression: SqlFragment, valueParam: string, value: string): SqlFragment {
  return { sql: `${expression.sql} = {${valueParam}:String}`, params: { ...expression.params, [valueParam]: value } };
}
