// ScriptTag: the tag to paste into a site's pages (this server's origin and the site's public id), with a copy
// button, and the live state of the site's first event.
import { useState } from 'react';
import { Link } from 'react-router';
import { useHasData } from '../api/site-queries';
import type { Site } from '../api/types';
import { Button, FOCUS_RING } from './button';

export function scriptTagFor(origin: string, publicId: string): string {
  return `<script defer src="${origin}/api/script.js" data-site-id="${publicId}"></script>`;
}

function FirstEventStatus({ site }: { site: Site }) {
  const hasData = useHasData(site.id);
  const live = hasData.data?.hasData === true;
  return (
    <div role="status" aria-live="polite" className="flex flex-wrap items-center gap-3 text-sm">
      <span aria-hidden="true" className={`size-3 rounded-full ${live ? 'bg-emerald-500' : 'animate-pulse bg-amber-500'}`} />
      {live ? (
        <>
          <span data-testid="first-event-state">Live: the first event has arrived.</span>
          <Link to={`/sites/${site.id}`} className={`font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Open the dashboard</Link>
        </>
      ) : (
        <span data-testid="first-event-state">Waiting for the first event…</span>
      )}
    </div>
  );
}

export function ScriptTag({ site }: { site: Site }) {
  const tag = scriptTagFor(window.location.origin, site.id);
  const [copied, setCopied] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => navigator.clipboard.writeText(tag).then(() => setCopied('copied'), () => setCopied('failed'));
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm">Paste this tag into the <code>&lt;head&gt;</code> of every page of {site.domain}:</p>
      <pre tabIndex={0} aria-label="Script tag" className="overflow-x-auto rounded-md bg-slate-100 p-3 text-xs dark:bg-slate-800 focus-visible:outline-2 focus-visible:outline-indigo-500"><code data-testid="script-tag">{tag}</code></pre>
      <div className="flex items-center gap-3">
        <Button onClick={copy}>Copy the tag</Button>
        <span role="status" className="text-sm text-slate-600 dark:text-slate-400">{copied === 'copied' ? 'Copied' : copied === 'failed' ? 'Copy failed: select the text instead' : ''}</span>
      </div>
      <FirstEventStatus site={site} />
    </div>
  );
}
