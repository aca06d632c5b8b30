// /share/:site: the stable address to hand out for a public site; it opens the site's dashboard (read-only when signed out).
import { Navigate, useLocation, useParams } from 'react-router';

export function ShareRedirect() {
  const { site = '' } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`/sites/${encodeURIComponent(site)}${search}`} />;
}
