// Annotations in the metadata store: those that apply to a site (its own and its organization's), by id, writes.
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AnnotationsTable, MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';
import type { AnnotationWindow } from './annotation-list-window.js';

export interface Annotation {
  readonly annotationId: string;
  /** Null for an organization-wide annotation. */
  readonly siteId: number | null;
  readonly organizationId: string;
  readonly userId: string | null;
  readonly title: string;
  readonly description: string | null;
  readonly date: string;
  readonly endDate: string | null;
  readonly color: string | null;
  readonly icon: string | null;
  readonly isPublic: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}

/** The site an annotation list or lookup is for. */
export interface AnnotationSite {
  readonly siteId: number;
  readonly organizationId: string;
}

function toAnnotation(row: Selectable<AnnotationsTable>): Annotation {
  return {
    annotationId: row.annotation_id,
    siteId: row.site_id,
    organizationId: row.organization_id,
    userId: row.user_id,
    title: row.title,
    description: row.description,
    date: row.date,
    endDate: row.end_date,
    color: row.color,
    icon: row.icon,
    isPublic: row.is_public === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export class AnnotationRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** The site's annotations and its organization's, by date; with a window, those overlapping it. */
  async listForSite(site: AnnotationSite, options: { window?: AnnotationWindow | undefined; publicOnly: boolean }): Promise<Annotation[]> {
    let query = this.appliesTo(site);
    if (options.window) {
      const { from, to } = options.window;
      query = query.where('date', '<', to).where((eb) => eb(eb.fn.coalesce('end_date', 'date'), '>=', from));
    }
    if (options.publicOnly) query = query.where('is_public', '=', 1);
    const rows = await query.orderBy('date').orderBy('created_at').orderBy('annotation_id').execute();
    return rows.map(toAnnotation);
  }

  /** An annotation that applies to the site, or undefined (another site's or organization's is not found). */
  async findForSite(site: AnnotationSite, annotationId: string): Promise<Annotation | undefined> {
    const row = await this.appliesTo(site).where('annotation_id', '=', annotationId).executeTakeFirst();
    return row ? toAnnotation(row) : undefined;
  }

  async insert(row: Selectable<AnnotationsTable>): Promise<Annotation> {
    return toAnnotation(await this.db.insertInto('annotations').values(row).returningAll().executeTakeFirstOrThrow());
  }

  async update(annotationId: string, patch: Updateable<AnnotationsTable>): Promise<Annotation> {
    const row = await this.db.updateTable('annotations').set(patch).where('annotation_id', '=', annotationId).returningAll().executeTakeFirstOrThrow();
    return toAnnotation(row);
  }

  async delete(annotationId: string): Promise<void> {
    await this.db.deleteFrom('annotations').where('annotation_id', '=', annotationId).execute();
  }

  private appliesTo(site: AnnotationSite) {
    return this.db
      .selectFrom('annotations')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('site_id', '=', site.siteId),
          eb.and([eb('site_id', 'is', null), eb('organization_id', '=', site.organizationId)]),
        ]),
      );
  }
}
