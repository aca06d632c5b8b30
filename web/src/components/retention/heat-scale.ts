// The retention grid's heat scale: a cell's colour step from the API's percentage, with text that stays readable
// on it in the light and the dark theme.

/** Lower bounds (%) of the steps above the first; a cell takes the last step its percentage reaches. */
export const HEAT_STEPS: readonly number[] = [0.01, 10, 25, 50, 75];

const LOOKS: readonly string[] = [
  'bg-slate-50 text-slate-700 dark:bg-slate-900 dark:text-slate-300',
  'bg-indigo-50 text-indigo-950 dark:bg-indigo-950 dark:text-indigo-100',
  'bg-indigo-100 text-indigo-950 dark:bg-indigo-900 dark:text-indigo-50',
  'bg-indigo-300 text-indigo-950 dark:bg-indigo-700 dark:text-white',
  'bg-indigo-600 text-white dark:bg-indigo-500 dark:text-white',
  'bg-indigo-800 text-white dark:bg-indigo-300 dark:text-indigo-950',
];

/** The step (0 = none returned .. 5 = three quarters or more) of a percentage. */
export function heatStep(percentage: number): number {
  return HEAT_STEPS.filter((bound) => percentage >= bound).length;
}

/** Tailwind classes of a cell; a period still to come (null) is left blank. */
export function heatLook(percentage: number | null): string {
  if (percentage === null) return 'text-slate-500 dark:text-slate-400';
  return LOOKS[heatStep(percentage)] ?? LOOKS[0] ?? '';
}
