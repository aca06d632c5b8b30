// StatusLine: a short, announced confirmation beside a form's button ("Saved"), empty until there is one.
export function StatusLine({ text }: { text: string }) {
  return <span role="status" className="text-sm text-slate-600 dark:text-slate-400">{text}</span>;
}
