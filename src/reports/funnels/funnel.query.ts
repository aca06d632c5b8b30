// Funnel analysis: a session reaches step N with a matching event strictly after it first reached step N-1.
import { goalConditionSql } from '../../goals/index.js';
import { mergeParams, type SqlFragment } from '../../stats/sql-fragment.js';
import { stepGoal, type FunnelStep } from './funnel-step.schema.js';
import type { Revenue } from '../../revenue/revenue-summary.js';

export interface FunnelStepResult {
  step_number: number;
  step_name: string;
  sessions: number;
  visitors: number;
  conversion_rate: number;
  dropoff_rate: number;
  /** On the last step only, when it is an event step: the revenue of the completing sessions' matching events. */
  revenue?: Revenue;
}

/** "Not reached": later than any event time, so no later step can follow it. */
export const NEVER = 'toInt64(9223372036854775807)';

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * One row per session with an event of some step among the selected events: `session_id` and `t1`..`tN`.
 * `t1` is the first time (ms) of an event matching step 1; `t<i>` is the first time of an event matching
 * step i later than `t<i-1>` (NEVER when there is none). Other events in between do not matter; a step-2
 * event before step 1 does not count. The funnel report counts these rows; the step drill-down lists them.
 */
export function funnelSessionsSql(steps: readonly FunnelStep[], where: SqlFragment): SqlFragment {
  const conditions = steps.map((step, index) => goalConditionSql(stepGoal(step), `step${index + 1}_`));
  const arrays = conditions.map((condition, index) =>
    index === 0
      ? `ifNull(minIfOrNull(toUnixTimestamp64Milli(timestamp), ${condition.sql}), ${NEVER}) AS t1`
      : `groupArrayIf(toUnixTimestamp64Milli(timestamp), ${condition.sql}) AS a${index + 1}`,
  );
  const firsts = steps.map((_step, index) =>
    index === 0 ? 't1' : `arrayMin(arrayConcat(arrayFilter(x -> x > t${index}, a${index + 1}), [${NEVER}])) AS t${index + 1}`,
  );
  const anyStep = conditions.map((condition) => `(${condition.sql})`).join(' OR ');
  const sql = `
      SELECT session_id, ${firsts.join(', ')}
      FROM (
        SELECT session_id, ${arrays.join(', ')}
        FROM events
        WHERE ${where.sql} AND (${anyStep})
        GROUP BY session_id
      )`;
  return { sql, params: mergeParams([where, ...conditions]) };
}

export function stepResults(steps: readonly FunnelStep[], reached: readonly number[]): FunnelStepResult[] {
  const first = reached[0] ?? 0;
  return steps.map((step, index) => {
    const sessions = reached[index] ?? 0;
    const previous = index === 0 ? sessions : (reached[index - 1] ?? 0);
    return {
      step_number: index + 1,
      step_name: step.name ?? step.value,
      sessions,
      visitors: sessions,
      conversion_rate: first === 0 ? 0 : round2((sessions * 100) / first),
      dropoff_rate: index === 0 || previous === 0 ? 0 : round2((1 - sessions / previous) * 100),
    };
  });
}
