// The site pages' access mode: read-only for a signed-out visitor of a public site (no write control shown).
import { createContext, useContext } from 'react';

export interface SiteAccessMode {
  /** True when the visitor may only read: hide every control that writes (settings, annotations, goals, ...). */
  readonly readOnly: boolean;
  /** True when nobody is signed in (links to signed-in pages such as /sites must not be offered). */
  readonly signedOut: boolean;
}

export const SiteAccessContext = createContext<SiteAccessMode>({ readOnly: false, signedOut: false });

export const useSiteAccess = (): SiteAccessMode => useContext(SiteAccessContext);
