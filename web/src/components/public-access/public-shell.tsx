// PublicShell: the signed-out frame of a public site's pages (skip link, header with a sign-in link, main landmark).
import { Link, useLocation } from 'react-router';
import { FOCUS_RING } from '../button';
import { ShellFrame } from '../shell-frame';

export function PublicShell() {
  const location = useLocation();
  return (
    <ShellFrame
      brand={<p className="text-lg font-bold">Loupe <span className="text-sm font-normal text-slate-600 dark:text-slate-400">public dashboard</span></p>}
      actions={<Link to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Sign in</Link>}
    />
  );
}
