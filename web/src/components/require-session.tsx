// RequireSession: renders the signed-in pages, or sends a signed-out visitor to sign-in (coming back after).
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../api/session-queries';
import { ErrorMessage } from './error-message';

export function RequireSession() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending) return <p role="status" className="p-4 text-sm">Loading…</p>;
  if (session.isError) return <main className="p-4"><ErrorMessage error={session.error} /></main>;
  if (!session.data) return <Navigate replace to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} />;
  return <Outlet />;
}
