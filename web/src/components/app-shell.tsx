// AppShell: the signed-in frame (skip link, header with home link, main navigation and sign-out, main landmark)
// around a page.
import { Link, NavLink, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../api/session-queries';
import { Button, FOCUS_RING } from './button';
import { ShellFrame } from './shell-frame';

const look = ({ isActive }: { isActive: boolean }) =>
  `rounded px-2 py-1 text-sm font-medium underline-offset-2 hover:underline ${FOCUS_RING} ${isActive ? 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200' : 'text-indigo-700 dark:text-indigo-300'}`;

export function AppShell() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <ShellFrame
      brand={
        <div className="flex flex-wrap items-center gap-3">
          <Link to="/sites" className={`rounded text-lg font-bold ${FOCUS_RING}`}>Loupe</Link>
          <nav aria-label="Main" className="flex flex-wrap gap-1">
            <NavLink to="/sites" className={look}>Sites</NavLink>
            <NavLink to="/organizations" className={look}>Organization</NavLink>
            <NavLink to="/account" className={look}>Account</NavLink>
          </nav>
        </div>
      }
      actions={
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-400">{session.data?.user.email}</span>
          <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}>Sign out</Button>
        </div>
      }
    />
  );
}
