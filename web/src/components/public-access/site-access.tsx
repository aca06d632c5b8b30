// SiteAccess: the guard of a site's readable pages (dashboard, realtime). Signed in: the usual frame, full
// controls (read-only for a viewer of the site's organization). Signed out: the page read-only in the public frame
// when the API says the site is public or this tab opened a private link of it, else sign-in. In embed mode
// (`?embed=true`) the page comes without any frame.
import { Navigate, useLocation, useParams } from 'react-router';
import { useIsPublic } from '../../api/site-queries';
import { useSession } from '../../api/session-queries';
import { shareCredentialsFor } from '../../api/share-credentials';
import { AppShell } from '../app-shell';
import { useIsSiteViewer } from '../organization/organization-role';
import { ErrorMessage } from '../error-message';
import { EmbedFrame, useStickyEmbedOptions, type EmbedOptions } from './embed-mode';
import { PublicShell } from './public-shell';
import { SiteAccessContext } from './read-only';

const SIGNED_IN = { readOnly: false, signedOut: false } as const;
const PUBLIC_VISITOR = { readOnly: true, signedOut: true } as const;
const VIEWER = { readOnly: true, signedOut: false } as const;

/** The signed-in frame: a viewer's pages offer no control that writes (the API would answer 403). */
function SignedInSite({ site, embedded }: { site: string; embedded: EmbedOptions | undefined }) {
  const viewer = useIsSiteViewer(site);
  return <SiteAccessContext.Provider value={viewer ? VIEWER : SIGNED_IN}>{embedded ? <EmbedFrame options={embedded} /> : <AppShell />}</SiteAccessContext.Provider>;
}

export function SiteAccess() {
  const session = useSession();
  const { site = '' } = useParams();
  const location = useLocation();
  const embedded = useStickyEmbedOptions();
  const signedOut = session.isSuccess && session.data === null;
  const shared = shareCredentialsFor(site) !== undefined;
  const isPublic = useIsPublic(site, signedOut && !shared);
  if (session.isPending || (signedOut && !shared && isPublic.isPending)) return <p role="status" className="p-4 text-sm">Loading…</p>;
  if (session.isError) return <main className="p-4"><ErrorMessage error={session.error} /></main>;
  if (!signedOut) return <SignedInSite site={site} embedded={embedded} />;
  if (!shared && isPublic.data?.isPublic !== true) return <Navigate replace to={`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} />;
  return <SiteAccessContext.Provider value={PUBLIC_VISITOR}>{embedded ? <EmbedFrame options={embedded} /> : <PublicShell />}</SiteAccessContext.Provider>;
}
