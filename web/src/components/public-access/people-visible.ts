// Whether the reader may see the reports that name people (sessions, users, raw events, error occurrences): a
// signed-in reader, or anyone on a public site that opted in; a public dashboard otherwise shows aggregates only.
import { useSite } from '../../api/site-queries';
import { useSiteAccess } from './read-only';

export function usePeopleVisible(site: string): boolean {
  const { signedOut } = useSiteAccess();
  const details = useSite(site);
  return !signedOut || details.data?.publicPeopleData === true;
}
