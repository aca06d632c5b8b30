// Who may do what with annotations, as the API decides it (viewers: nothing; members: site annotations of their own;
// admins and owners: any, and organization-wide ones).
import type { Annotation } from '../../api/types';

export interface AnnotationViewer {
  /** The caller's role in the site's organization; undefined while unknown or without one (public viewer). */
  readonly role: string | undefined;
  readonly userId: string | undefined;
  readonly readOnly: boolean;
}

const isAdmin = (viewer: AnnotationViewer) => viewer.role === 'admin' || viewer.role === 'owner';
/** A role that may write at all: any but viewer (and none for a reader outside the organization). */
const writes = (viewer: AnnotationViewer) => viewer.role !== undefined && viewer.role !== 'viewer';

export const canCreateAnnotation = (viewer: AnnotationViewer) => !viewer.readOnly && writes(viewer);

/** Organization-wide annotations need the admin role. */
export const canUseOrganizationScope = (viewer: AnnotationViewer) => !viewer.readOnly && isAdmin(viewer);

export function canChangeAnnotation(annotation: Annotation, viewer: AnnotationViewer): boolean {
  if (viewer.readOnly || !writes(viewer)) return false;
  if (isAdmin(viewer)) return true;
  return annotation.siteId !== null && viewer.userId !== undefined && annotation.userId === viewer.userId;
}
