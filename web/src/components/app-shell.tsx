// AppShell: the signed-in frame (skip link, header with home link and sign-out, main landmark) around a page.
import { Link, useNavigate } from 'react-router';
import { useSession, useSignOut } from '../api/queries';
import { Button, FOCUS_RING } from './button';
import { ShellFrame } from './shell-frame';

export function AppShell() {
  const session = useSession();
  const signOut = useSignOut();
  const navigate = useNavigate();
  return (
    <ShellFrame
      brand={<Link to="/sites" className={`rounded text-lg font-bold ${FOCUS_RING}`}>Loupe</Link>}
      actions={
        <div className="flex items-center gap-3">
          <span className="hidden text-sm text-slate-600 sm:inline dark:text-slate-400">{session.data?.user.email}</span>
          <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate(undefined, { onSuccess: () => navigate('/sign-in') })}>Sign out</Button>
        </div>
      }
    />
  );
}
