// Who may do what with annotations, as the API decides it (members: site annotations of their own; admins and owners: any, and organization-wide ones).
import type { Annotation } from '../../api/types';

export interface AnnotationViewer {
  /** The caller's role in the site's organization; undefined while unknown or without one (public viewer). */
  readonly role: string | undefined;
  readonly userId: string | undefined;
  readonly readOnly: boolean;
}

const isAdmin = (viewer: AnnotationViewer) => viewer.role === 'admin' || viewer.role === 'owner';

export const canCreateAnnotation = (viewer: AnnotationViewer) => !viewer.readOnly && viewer.role !== undefined;

/** Organization-wide annotations need the admin role. */
export const canUseOrganizationScope = (viewer: AnnotationViewer) => !viewer.readOnly && isAdmin(viewer);

export function canChangeAnnotation(annotation: Annotation, viewer: AnnotationViewer): boolean {
  if (viewer.readOnly || viewer.role === undefined) return false;
  if (isAdmin(viewer)) return true;
  return annotation.siteId !== null && viewer.userId !== undefined && annotation.userId === viewer.userId;
}
