// The `start_date` / `end_date` days of an annotation list as a UTC window `[from, to)` of ISO instants.
import { BadRequestError } from '../platform/http/app-errors.js';
import { addDays, canonicalTimeZone, parseLocalDate, startOfLocalDay } from '../stats/zoned-time.js';
import type { ListAnnotationsQuery } from './annotation.schema.js';

export interface AnnotationWindow {
  readonly from: string;
  readonly to: string;
}

/** Undefined without dates (every annotation); both days or neither; local days in `time_zone` (UTC default). */
export function annotationListWindow(query: ListAnnotationsQuery): AnnotationWindow | undefined {
  const timeZone = canonicalTimeZone(query.time_zone ?? 'UTC');
  if (timeZone === undefined) throw new BadRequestError('Invalid time_zone');
  if (query.start_date === undefined && query.end_date === undefined) return undefined;
  if (query.start_date === undefined || query.end_date === undefined) {
    throw new BadRequestError('start_date and end_date must be given together');
  }
  const start = parseLocalDate(query.start_date);
  if (!start) throw new BadRequestError('Invalid start_date: expected YYYY-MM-DD');
  const end = parseLocalDate(query.end_date);
  if (!end) throw new BadRequestError('Invalid end_date: expected YYYY-MM-DD');
  if (query.start_date > query.end_date) throw new BadRequestError('start_date must not be after end_date');
  return {
    from: new Date(startOfLocalDay(start, timeZone)).toISOString(),
    to: new Date(startOfLocalDay(addDays(end, 1), timeZone)).toISOString(),
  };
}
