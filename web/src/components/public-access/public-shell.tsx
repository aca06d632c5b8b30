// PublicShell: the signed-out frame of a public site's pages (skip link, header with a sign-in link, main landmark).
import { Link, Outlet, useLocation } from 'react-router';
import { FOCUS_RING } from '../button';

export function PublicShell() {
  const location = useLocation();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">Skip to content</a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <p className="text-lg font-bold">Loupe <span className="text-sm font-normal text-slate-600 dark:text-slate-400">public dashboard</span></p>
          <Link to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} className={`rounded text-sm font-medium text-indigo-700 underline dark:text-indigo-300 ${FOCUS_RING}`}>Sign in</Link>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
