// The one loading / error / empty state of a data area: the error first (the API's message, announced), then
// "Loading…" while the answer is pending, then the area's empty sentence when the answer has no row. `reportPanel`
// gives that state's element (null once there is data to draw), for a component's early return; `ReportPanel`
// wraps the data's drawing (a function, called only once the data is there).
import type { ReactElement, ReactNode } from 'react';
import { ErrorMessage } from '../error-message';

export interface ReportState {
  readonly error: unknown;
  /** True while the answer is not there yet. */
  readonly loading: boolean;
  /** True when the answer holds no row. */
  readonly empty?: boolean;
  readonly emptyText?: ReactNode;
}

const NOTE = 'py-6 text-center text-sm text-slate-600 dark:text-slate-400';

export const EMPTY_TEXT = 'No data for this period.';

export function reportPanel({ error, loading, empty = false, emptyText = EMPTY_TEXT }: ReportState): ReactElement | null {
  if (error) return <ErrorMessage error={error} />;
  if (loading) return <p className={NOTE}>Loading…</p>;
  if (empty) return <p className={NOTE}>{emptyText}</p>;
  return null;
}

export function ReportPanel({ children, ...state }: ReportState & { readonly children: () => ReactNode }) {
  return reportPanel(state) ?? <>{children()}</>;
}
