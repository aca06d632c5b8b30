// ShownOnceSecret: a secret the API returns only once (an API key, a webhook's signing secret), with a copy
// button, shown until dismissed.
import { useState } from 'react';
import { Button, FOCUS_RING } from './button';

export interface ShownOnceSecretProps {
  /** What the secret is, e.g. "the key reporting" or "the signing secret". */
  readonly what: string;
  /** The accessible name of the secret's box. */
  readonly label: string;
  readonly secret: string;
  readonly testId: string;
  readonly onDone: () => void;
}

export function ShownOnceSecret({ what, label, secret, testId, onDone }: ShownOnceSecretProps) {
  const [copied, setCopied] = useState('');
  const copy = () => navigator.clipboard.writeText(secret).then(() => setCopied('Copied'), () => setCopied('Copy failed: select the text instead'));
  return (
    <div className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-700 dark:bg-amber-950">
      <p role="alert" className="text-sm font-medium">Copy {what} now: it is shown only once.</p>
      <pre tabIndex={0} aria-label={label} className={`overflow-x-auto rounded bg-white p-2 text-xs dark:bg-slate-900 ${FOCUS_RING}`}><code data-testid={testId}>{secret}</code></pre>
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={copy}>Copy</Button>
        <Button variant="secondary" onClick={onDone}>Done</Button>
        <span role="status" className="text-sm">{copied}</span>
      </div>
    </div>
  );
}
