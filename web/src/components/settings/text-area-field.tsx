// TextAreaField: a labelled <textarea> with a hint, the label tied to it for assistive technology.
import { useId, type TextareaHTMLAttributes } from 'react';
import { FOCUS_RING } from '../button';

export function TextAreaField({ label, hint, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; hint: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">{label}</label>
      <textarea
        id={id}
        rows={3}
        aria-describedby={`${id}-hint`}
        className={`rounded-md border border-slate-300 bg-white px-3 py-2 font-mono text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 ${FOCUS_RING}`}
        {...props}
      />
      <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">{hint}</p>
    </div>
  );
}
