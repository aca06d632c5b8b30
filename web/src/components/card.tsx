// Card: a bordered panel, optionally a titled section (its heading names the region).
import { useId, type ReactNode } from 'react';

export function Card({ title, children, className = '' }: { title?: string; children: ReactNode; className?: string }) {
  const id = useId();
  return (
    <section
      aria-labelledby={title ? id : undefined}
      className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm dark:border-slate-800 dark:bg-slate-900 ${className}`}
    >
      {title ? <h2 id={id} className="mb-3 text-base font-semibold">{title}</h2> : null}
      {children}
    </section>
  );
}
