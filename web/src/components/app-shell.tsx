// AppShell: the signed-in frame (skip link, header with home link and sign-out, main landmark) around a page.
import { Link, Outlet, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../api/queries';
import { Button, FOCUS_RING } from './button';

export function AppShell() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <div className="min-h-screen">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-slate-900">Skip to content</a>
      <header className="border-b border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3">
          <Link to="/sites" className={`rounded text-lg font-bold ${FOCUS_RING}`}>Loupe</Link>
          <div className="flex items-center gap-3">
            <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-400">{session.data?.user.email}</span>
            <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}>Sign out</Button>
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-5xl px-4 py-6">
        <Outlet />
      </main>
    </div>
  );
}
