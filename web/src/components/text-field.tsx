// TextField: a labelled <input> with an optional hint, the label tied to the input for assistive technology.
import { useId, type InputHTMLAttributes } from 'react';
import { FOCUS_RING } from './button';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  readonly label: string;
  readonly hint?: string;
}

export function TextField({ label, hint, className = '', ...props }: TextFieldProps) {
  const id = useId();
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <input
        id={id}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={`min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
        {...props}
      />
      {hint ? <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
    </div>
  );
}
