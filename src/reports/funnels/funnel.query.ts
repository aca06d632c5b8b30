// Funnel analysis: a session reaches step N with a matching event strictly after it first reached step N-1.
import type { SqlFragment } from '../../stats/sql-fragment.js';
import type { FunnelStep } from './funnel-step.schema.js';
import { funnelStepRowsSql } from './funnel-step-rows.query.js';
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
 * event before step 1 does not count. The step drill-down lists these rows; the funnel report counts them
 * (funnelReachedSql).
 */
export function funnelSessionsSql(steps: readonly FunnelStep[], where: SqlFragment): SqlFragment {
  const rows = funnelStepRowsSql(steps, where);
  const arrays = steps.map((_step, index) =>
    index === 0 ? `min(if(m1 = 1, ts, ${NEVER})) AS t1` : `groupArrayIf(ts, m${index + 1} = 1) AS a${index + 1}`,
  );
  const firsts = steps.map((_step, index) => (index === 0 ? 't1' : `${firstAfter(index + 1)} AS t${index + 1}`));
  const sql = `
      SELECT session_id, ${firsts.join(', ')}
      FROM (SELECT session_id, ${arrays.join(', ')} FROM (${rows.sql}) GROUP BY session_id)`;
  return { sql, params: rows.params };
}

/** The first time in a<i> later than t<i-1>, NEVER when there is none. */
const firstAfter = (step: number) => `arrayMin(arrayConcat(arrayFilter(x -> x > t${step - 1}, a${step}), [${NEVER}]))`;

/**
 * One row, `s1`..`sN` as text: the sessions reaching each step, as funnelSessionsSql's rows count them. The last
 * step is reached when some event of it comes after the time the step before was reached, that is when its
 * latest event does: its times are not gathered, only their maximum (-1 without any).
 */
export function funnelReachedSql(steps: readonly FunnelStep[], where: SqlFragment): SqlFragment {
  const rows = funnelStepRowsSql(steps, where);
  const last = steps.length;
  const aggregates = steps.map((_step, index) => {
    if (index === 0) return `min(if(m1 = 1, ts, ${NEVER})) AS t1`;
    if (index === last - 1) return `max(if(m${last} = 1, ts, -1)) AS latest${last}`;
    return `groupArrayIf(ts, m${index + 1} = 1) AS a${index + 1}`;
  });
  const times = steps.slice(0, -1).map((_step, index) => (index === 0 ? 't1' : `${firstAfter(index + 1)} AS t${index + 1}`));
  const counts = steps.map((_step, index) =>
    index === last - 1 ? `toString(countIf(latest${last} > t${last - 1})) AS s${last}` : `toString(countIf(t${index + 1} < ${NEVER})) AS s${index + 1}`,
  );
  const sql = `
      SELECT ${counts.join(', ')}
      FROM (
        SELECT ${times.join(', ')}, latest${last}
        FROM (SELECT session_id, ${aggregates.join(', ')} FROM (${rows.sql}) GROUP BY session_id)
      )`;
  return { sql, params: rows.params };
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
