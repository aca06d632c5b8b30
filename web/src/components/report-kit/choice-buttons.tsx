// ChoiceButtons: a labelled group of toggle buttons, one pressed (a card's tabs, a percentile switch).
import { FOCUS_RING } from '../button';

export interface ChoiceButtonsProps<T extends string> {
  /** The group's accessible name. */
  readonly label: string;
  readonly options: ReadonlyArray<{ readonly value: T; readonly label: string }>;
  readonly value: T;
  readonly onChange: (value: T) => void;
}

export function ChoiceButtons<T extends string>({ label, options, value, onChange }: ChoiceButtonsProps<T>) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          aria-pressed={option.value === value}
          onClick={() => onChange(option.value)}
          className={`min-h-8 rounded px-2 py-1 text-xs ${option.value === value ? 'bg-indigo-100 font-semibold text-indigo-900 dark:bg-indigo-950 dark:text-indigo-100' : 'text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800'} ${FOCUS_RING}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
