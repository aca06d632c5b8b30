// The events a funnel's steps can match, read from the table that holds each step's event type.
import { goalConditionSql, GOAL_TARGETS } from '../../goals/index.js';
import { anyOf, mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { ACTION_EVENTS, isActionEventType } from '../action-events.js';
import { stepGoal, type FunnelStep } from './funnel-step.schema.js';

/**
 * Rows `session_id`, `ts` (the event's time, ms) and `m1`..`mN` (1 when the event matches step i) of the
 * selected events that match some step. Page steps match pageviews, read from `events`; event steps match
 * custom events, read from their copy in ACTION_EVENTS (ordered by type, so only those rows are read): the scan
 * of `events` then tests the pageview conditions alone, and a funnel of event steps does not read `events` at
 * all. An event matching several steps has each of their flags set, as when every condition was tested on it.
 */
export function funnelStepRowsSql(steps: readonly FunnelStep[], where: SqlFragment): SqlFragment {
  const conditions = steps.map((step, index) => goalConditionSql(stepGoal(step), `step${index + 1}_`));
  const onActions = steps.map((step) => isActionEventType(GOAL_TARGETS[stepGoal(step).goalType].eventType));
  const branch = (table: string, actions: boolean): SqlFragment | undefined => {
    const own = conditions.filter((_condition, index) => onActions[index] === actions);
    if (own.length === 0) return undefined;
    const flags = conditions.map((condition, index) => (onActions[index] === actions ? `toUInt8(${condition.sql}) AS m${index + 1}` : `toUInt8(0) AS m${index + 1}`));
    return {
      sql: `SELECT session_id, toUnixTimestamp64Milli(timestamp) AS ts, ${flags.join(', ')} FROM ${table} WHERE ${where.sql} AND (${anyOf(own).sql})`,
      params: mergeParams([where, ...own]),
    };
  };
  const branches = [branch('events', false), branch(ACTION_EVENTS, true)].filter((part): part is SqlFragment => part !== undefined);
  return { sql: branches.map((part) => part.sql).join(' UNION ALL '), params: mergeParams(branches) };
}
