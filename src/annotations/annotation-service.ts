// Annotation use cases with their permission rules: members change their own, admins any, org scope needs admin.
import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { roleAtLeast, type OrganizationRole } from '../platform/auth/organization-roles.js';
import { BadRequestError, ForbiddenError, NotFoundError } from '../platform/http/app-errors.js';
import type { AnnotationsTable } from '../platform/metadata-store/metadata-schema.js';
import { annotationListWindow } from './annotation-list-window.js';
import type { Annotation, AnnotationRepository, AnnotationSite } from './annotation.repository.js';
import type { CreateAnnotationBody, ListAnnotationsQuery, UpdateAnnotationBody } from './annotation.schema.js';

/** Who acts: their role in the site's organization (null for a viewer of a public site) and user id (null for an organization key). */
export interface AnnotationActor {
  readonly role: OrganizationRole | null;
  readonly userId: string | null;
}

const isAdmin = (actor: AnnotationActor) => actor.role !== null && roleAtLeast(actor.role, 'admin');

function requireOrganizationScopeRight(actor: AnnotationActor): void {
  if (!isAdmin(actor)) throw new ForbiddenError('Organization-wide annotations need the admin role');
}

/** Admins change any annotation; members only their own, and never an organization-wide one. */
function requireChangeRight(annotation: Annotation, actor: AnnotationActor): void {
  if (annotation.siteId === null) requireOrganizationScopeRight(actor);
  if (!isAdmin(actor) && (actor.userId === null || annotation.userId !== actor.userId)) {
    throw new ForbiddenError('Members may only change their own annotations');
  }
}

export class AnnotationService {
  constructor(
    private readonly annotations: AnnotationRepository,
    private readonly clock: () => number,
  ) {}

  /** Viewers without a role in the organization (public sites) see only public annotations. */
  async list(site: AnnotationSite, actor: AnnotationActor, query: ListAnnotationsQuery): Promise<Annotation[]> {
    return this.annotations.listForSite(site, { window: annotationListWindow(query), publicOnly: actor.role === null });
  }

  async create(site: AnnotationSite, actor: AnnotationActor, body: CreateAnnotationBody): Promise<Annotation> {
    const organizationWide = body.scope === 'organization';
    if (organizationWide) requireOrganizationScopeRight(actor);
    const now = new Date(this.clock()).toISOString();
    return this.annotations.insert({
      annotation_id: randomUUID(),
      site_id: organizationWide ? null : site.siteId,
      organization_id: site.organizationId,
      user_id: actor.userId,
      title: body.title,
      description: body.description ?? null,
      date: body.date,
      end_date: body.endDate ?? null,
      color: body.color ?? null,
      icon: body.icon ?? null,
      is_public: body.isPublic ? 1 : 0,
      created_at: now,
      updated_at: now,
    });
  }

  async update(site: AnnotationSite, actor: AnnotationActor, annotationId: string, body: UpdateAnnotationBody): Promise<Annotation> {
    const annotation = await this.find(site, annotationId);
    requireChangeRight(annotation, actor);
    if (body.scope === 'organization') requireOrganizationScopeRight(actor);
    const date = body.date ?? annotation.date;
    const endDate = body.endDate === undefined ? annotation.endDate : body.endDate;
    if (endDate !== null && endDate <= date) throw new BadRequestError('endDate must be after date');
    const patch: Updateable<AnnotationsTable> = {
      title: body.title,
      description: body.description,
      date: body.date,
      end_date: body.endDate,
      color: body.color,
      icon: body.icon,
      is_public: body.isPublic === undefined ? undefined : body.isPublic ? 1 : 0,
      site_id: body.scope === undefined ? undefined : body.scope === 'organization' ? null : site.siteId,
      updated_at: new Date(this.clock()).toISOString(),
    };
    const defined = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
    return this.annotations.update(annotation.annotationId, defined);
  }

  async delete(site: AnnotationSite, actor: AnnotationActor, annotationId: string): Promise<void> {
    const annotation = await this.find(site, annotationId);
    requireChangeRight(annotation, actor);
    await this.annotations.delete(annotation.annotationId);
  }

  private async find(site: AnnotationSite, annotationId: string): Promise<Annotation> {
    const annotation = await this.annotations.findForSite(site, annotationId);
    if (!annotation) throw new NotFoundError('Annotation not found');
    return annotation;
  }
}
