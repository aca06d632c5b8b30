// SelectField: a labelled native <select> with an optional hint, the label tied to it for assistive technology.
import { useId, type SelectHTMLAttributes } from 'react';
import { FOCUS_RING } from './button';

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement> {
  readonly label: string;
  readonly hint?: string;
  readonly options: ReadonlyArray<{ readonly value: string; readonly label: string }>;
}

export function SelectField({ label, hint, options, className = '', ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <select
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
        {...props}
      >
        {options.map((option) => <option key={option.value} value={option.value}>{option.label}</option>)}
      </select>
      {hint ? <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}
