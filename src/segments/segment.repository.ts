// Saved segments in the metadata store; reports resolve segment_id to the stored filters here.
import type { Kysely, Selectable } from 'kysely';
import type { MetadataDatabase, SegmentsTable } from '../platform/metadata-store/metadata-schema.js';

export interface Segment {
  readonly segmentId: number;
  readonly siteId: number;
  readonly name: string;
  readonly description: string | null;
  readonly filters: unknown[];
  readonly isPublic: boolean;
  readonly createdBy: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}

function toSegment(row: Selectable<SegmentsTable>): Segment {
  return {
    segmentId: row.segment_id,
    siteId: row.site_id,
    name: row.name,
    description: row.description,
    filters: JSON.parse(row.filters) as unknown[],
    isPublic: row.is_public === 1,
    createdBy: row.created_by,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export interface SegmentInput {
  readonly name: string;
  readonly description?: string | null | undefined;
  readonly filters: readonly unknown[];
  readonly isPublic?: boolean | undefined;
}

export class SegmentRepository {
  constructor(private readonly db: Kysely<MetadataDatabase>) {}

  /** The stored filters of a segment of this site, or undefined. */
  async filtersOf(siteId: number, segmentId: number): Promise<unknown[] | undefined> {
    return (await this.get(siteId, segmentId))?.filters;
  }

  async get(siteId: number, segmentId: number): Promise<Segment | undefined> {
    const row = await this.db.selectFrom('segments').selectAll().where('site_id', '=', siteId).where('segment_id', '=', segmentId).executeTakeFirst();
    return row ? toSegment(row) : undefined;
  }

  async list(siteId: number): Promise<Segment[]> {
    const rows = await this.db.selectFrom('segments').selectAll().where('site_id', '=', siteId).orderBy('segment_id').execute();
    return rows.map(toSegment);
  }

  async create(siteId: number, input: SegmentInput, createdBy: string | null): Promise<Segment> {
    const now = new Date().toISOString();
    const row = await this.db
      .insertInto('segments')
      .values({
        site_id: siteId,
        name: input.name,
        description: input.description ?? null,
        filters: JSON.stringify(input.filters),
        is_public: input.isPublic ? 1 : 0,
        created_by: createdBy,
        created_at: now,
        updated_at: now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSegment(row);
  }

  async update(segment: Segment, patch: Partial<SegmentInput>): Promise<Segment> {
    const row = await this.db
      .updateTable('segments')
      .set({
        name: patch.name ?? segment.name,
        description: patch.description === undefined ? segment.description : patch.description,
        filters: JSON.stringify(patch.filters ?? segment.filters),
        is_public: (patch.isPublic ?? segment.isPublic) ? 1 : 0,
        updated_at: new Date().toISOString(),
      })
      .where('segment_id', '=', segment.segmentId)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSegment(row);
  }

  async delete(segment: Segment): Promise<void> {
    await this.db.deleteFrom('segments').where('segment_id', '=', segment.segmentId).execute();
  }
}
