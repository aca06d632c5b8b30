// Annotation rights mirror the API's: viewers change none, members their own site annotations, admins and owners any.
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../../api/types';
import { canChangeAnnotation, canCreateAnnotation, canUseOrganizationScope, type AnnotationViewer } from './annotation-rights';

const base: Annotation = {
  annotationId: 'a1', siteId: 7, organizationId: 'o1', userId: 'u1', title: 'Launch', description: null, date: '2024-03-01T00:00:00.000Z',
  endDate: null, color: null, icon: null, isPublic: false, createdAt: '2024-03-01T00:00:00.000Z', updatedAt: '2024-03-01T00:00:00.000Z',
};
const organizationWide: Annotation = { ...base, siteId: null };
const viewer = (role: string | undefined, userId = 'u1', readOnly = false): AnnotationViewer => ({ role, userId, readOnly });

describe('annotation rights', () => {
  it.each([
    ['a member, own site annotation', base, viewer('member'), true],
    ["a member, someone else's", base, viewer('member', 'u2'), false],
    ['a member, own organization-wide one', organizationWide, viewer('member'), false],
    ["an admin, someone else's organization-wide one", organizationWide, viewer('admin', 'u2'), true],
    ["an owner, someone else's", base, viewer('owner', 'u2'), true],
    ['a public viewer', base, viewer(undefined, 'u1', true), false],
    ['an owner in read-only mode', base, viewer('owner', 'u1', true), false],
    ['a viewer of the organization, own site annotation', base, viewer('viewer'), false],
  ])('%s: may change %s', (_, annotation, who, allowed) => {
    expect(canChangeAnnotation(annotation, who)).toBe(allowed);
  });

  it('lets members create, and only admins and owners use the organization scope', () => {
    expect([canCreateAnnotation(viewer('member')), canUseOrganizationScope(viewer('member'))]).toEqual([true, false]);
    expect([canCreateAnnotation(viewer('admin')), canUseOrganizationScope(viewer('admin'))]).toEqual([true, true]);
    expect([canCreateAnnotation(viewer(undefined, 'u1', true)), canUseOrganizationScope(viewer('owner', 'u1', true))]).toEqual([false, false]);
    expect([canCreateAnnotation(viewer('viewer')), canUseOrganizationScope(viewer('viewer'))]).toEqual([false, false]);
  });
});
