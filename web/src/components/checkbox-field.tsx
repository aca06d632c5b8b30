// CheckboxField: a native checkbox with its label and hint.
import { useId, type InputHTMLAttributes } from 'react';
import { FOCUS_RING } from './button';

export function CheckboxField({ label, hint, ...props }: InputHTMLAttributes<HTMLInputElement> & { label: string; hint?: string }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2">
      <input id={id} type="checkbox" aria-describedby={hint ? `${id}-hint` : undefined} className={`mt-1 size-4 accent-indigo-600 ${FOCUS_RING}`} {...props} />
      <div>
        <label htmlFor={id} className="text-sm font-medium">{label}</label>
        {hint ? <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p> : null}
      </div>
    </div>
  );
}
