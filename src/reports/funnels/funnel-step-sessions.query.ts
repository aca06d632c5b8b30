// The sessions behind one funnel step: those that reached it, or reached it and went no further.
import type { AnalyticsStore } from '../../platform/analytics-store/analytics-store.js';
import { BadRequestError } from '../../platform/http/app-errors.js';
import { baseWhere, type StatsQuery } from '../../stats/stats-query.js';
import type { SqlFragment } from '../../stats/sql-fragment.js';
import type { SessionRow } from '../sessions/session-fields.js';
import { listSessions, type SessionPage } from '../sessions/sessions.query.js';
import type { FunnelStep } from './funnel-step.schema.js';
import { funnelSessionsSql, NEVER } from './funnel.query.js';

export const STEP_SESSION_MODES = ['reached', 'dropped'] as const;
export type StepSessionMode = (typeof STEP_SESSION_MODES)[number];

/** The step number of a path as a 1-based index into the steps; a 400 naming `stepNumber` otherwise. */
export function stepIndexOf(text: string, stepCount: number): number {
  const step = /^\d{1,3}$/.test(text) ? Number(text) : 0;
  if (step < 1 || step > stepCount) {
    throw new BadRequestError(`Invalid path parameter 'stepNumber': expected an integer from 1 to ${stepCount} (the number of steps)`);
  }
  return step;
}

/**
 * `session_id IN (...)`: the sessions among the selected events that reached step `step` (as the funnel
 * report counts them) and, when `dropped`, did not reach the next one. Only the steps up to the one that
 * decides are matched.
 */
export function stepSessionsCondition(query: StatsQuery, steps: readonly FunnelStep[], step: number, mode: StepSessionMode): SqlFragment {
  const considered = steps.slice(0, mode === 'reached' ? step : step + 1);
  const sessions = funnelSessionsSql(considered, baseWhere(query));
  const stopped = mode === 'dropped' ? ` AND t${step + 1} = ${NEVER}` : '';
  return { sql: `session_id IN (SELECT session_id FROM (${sessions.sql}) WHERE t${step} < ${NEVER}${stopped})`, params: sessions.params };
}

/**
 * A page of those sessions in the sessions list's rows and order (newest start first). Nobody drops off
 * at the last step: an empty page.
 */
export async function funnelStepSessions(
  store: AnalyticsStore,
  query: StatsQuery,
  steps: readonly FunnelStep[],
  target: { step: number; mode: StepSessionMode },
  page: SessionPage,
): Promise<SessionRow[]> {
  if (target.mode === 'dropped' && target.step === steps.length) return [];
  return listSessions(store, query, page, stepSessionsCondition(query, steps, target.step, target.mode));
}
