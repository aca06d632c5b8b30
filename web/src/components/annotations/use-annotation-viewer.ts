// useAnnotationViewer: the caller's role in the site's organization and user id, asked only once an annotation dialog opens.
import { useOrganizations } from '../../api/organization-list-queries';
import { useSession } from '../../api/session-queries';
import { useSite } from '../../api/site-queries';
import { useSiteAccess } from '../public-access/read-only';
import type { AnnotationViewer } from './annotation-rights';

export function useAnnotationViewer(site: string, enabled: boolean): { viewer: AnnotationViewer; loading: boolean } {
  const { readOnly } = useSiteAccess();
  const session = useSession();
  const details = useSite(site);
  const organizations = useOrganizations(enabled && !readOnly);
  const organizationId = details.data?.organizationId;
  const role = organizations.data?.find((organization) => organization.id === organizationId)?.role;
  return {
    viewer: { role, userId: session.data?.user.id, readOnly },
    loading: !readOnly && (organizations.isPending || details.isPending),
  };
}
