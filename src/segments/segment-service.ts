// Segment use cases: filters checked by the stats engine before they are saved; private segments hidden from outsiders.
import { NotFoundError } from '../platform/http/app-errors.js';
import { validateFilters, type Filter } from '../stats/filters.schema.js';
import { checkFilterRegexes, type RegexProblem } from '../stats/regex-check.js';
import type { Segment, SegmentRepository } from './segment.repository.js';
import type { CreateSegmentBody, UpdateSegmentBody } from './segment.schema.js';

/** Whether the caller has a role in the site's organization; viewers of a public site without one see public segments only. */
export interface SegmentViewer {
  readonly member: boolean;
}

export class SegmentService {
  /** `regexProblem` judges regex filters as the reports will (the analytics store's RE2). */
  constructor(
    private readonly segments: SegmentRepository,
    private readonly regexProblem?: RegexProblem,
  ) {}

  async list(siteId: number, viewer: SegmentViewer): Promise<Segment[]> {
    const all = await this.segments.list(siteId);
    return viewer.member ? all : all.filter((segment) => segment.isPublic);
  }

  async get(siteId: number, segmentId: number, viewer: SegmentViewer): Promise<Segment> {
    const segment = await this.segments.get(siteId, segmentId);
    if (!segment || (!viewer.member && !segment.isPublic)) throw new NotFoundError('Segment not found');
    return segment;
  }

  /** A filter the reports could not apply is a 400 naming it, before anything is stored. */
  async create(siteId: number, body: CreateSegmentBody, createdBy: string | null): Promise<Segment> {
    const filters = await this.checkedFilters(body.filters);
    return this.segments.create(siteId, { ...body, filters }, createdBy);
  }

  async update(siteId: number, segmentId: number, body: UpdateSegmentBody): Promise<Segment> {
    const segment = await this.get(siteId, segmentId, { member: true });
    const filters = body.filters === undefined ? undefined : await this.checkedFilters(body.filters);
    return this.segments.update(segment, { ...body, filters });
  }

  private async checkedFilters(raw: unknown): Promise<Filter[]> {
    const filters = validateFilters(raw, 'filters');
    await checkFilterRegexes(filters, 'filters', this.regexProblem);
    return filters;
  }

  async delete(siteId: number, segmentId: number): Promise<void> {
    await this.segments.delete(await this.get(siteId, segmentId, { member: true }));
  }
}
