// SiteAccess: the guard of a site's readable pages (dashboard, realtime). Signed in: the usual frame, full
// controls (read-only for a viewer of the site's organization). Signed out: the page read-only in the public frame when the API says the site is public, else sign-in.
import { Navigate, useLocation, useParams } from 'react-router';
import { useIsPublic, useSession } from '../../api/queries';
import { AppShell } from '../app-shell';
import { useIsSiteViewer } from '../organization/organization-role';
import { ErrorMessage } from '../error-message';
import { PublicShell } from './public-shell';
import { SiteAccessContext } from './read-only';

const SIGNED_IN = { readOnly: false, signedOut: false } as const;
const PUBLIC_VISITOR = { readOnly: true, signedOut: true } as const;
const VIEWER = { readOnly: true, signedOut: false } as const;

/** The signed-in frame: a viewer's pages offer no control that writes (the API would answer 403). */
function SignedInSite({ site }: { site: string }) {
  const viewer = useIsSiteViewer(site);
  return <SiteAccessContext.Provider value={viewer ? VIEWER : SIGNED_IN}><AppShell /></SiteAccessContext.Provider>;
}

export function SiteAccess() {
  const session = useSession();
  const { site = '' } = useParams();
  const location = useLocation();
  const signedOut = session.isSuccess && session.data === null;
  const isPublic = useIsPublic(site, signedOut);
  if (session.isPending || (signedOut && isPublic.isPending)) return <p role="status" className="p-4 text-sm">Loading…</p>;
  if (session.isError) return <main className="p-4"><ErrorMessage error={session.error} /></main>;
  if (!signedOut) return <SignedInSite site={site} />;
  if (isPublic.data?.isPublic !== true) return <Navigate replace to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} />;
  return <SiteAccessContext.Provider value={PUBLIC_VISITOR}><PublicShell /></SiteAccessContext.Provider>;
}
