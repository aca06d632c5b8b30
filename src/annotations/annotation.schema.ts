// Annotation request bodies and list query (titles, dates as ISO 8601 or YYYY-MM-DD, colors, scope) and an annotation as answered.
import { z } from 'zod';
import { parseLocalDate } from '../stats/zoned-time.js';

export const ANNOTATION_COLORS = ['amber', 'rose', 'sky', 'violet', 'lime'] as const;
export const ANNOTATION_SCOPES = ['site', 'organization'] as const;
export type AnnotationScope = (typeof ANNOTATION_SCOPES)[number];

const DATE_TIME = /^(\d{4}-\d{2}-\d{2})(?:T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?)?$/i;

/**
 * `YYYY-MM-DD` (midnight UTC) or an ISO 8601 date-time (UTC unless it carries an offset), as the
 * ISO 8601 UTC instant with milliseconds, or undefined when it is not a real one.
 */
export function normalizeAnnotationDate(text: string): string | undefined {
  const match = DATE_TIME.exec(text);
  if (!match || !parseLocalDate(match[1] ?? '')) return undefined;
  const [, day, hour = '00', minute = '00', second = '00', fraction = '', offset = 'Z'] = match;
  const millis = (fraction.slice(1) + '000').slice(0, 3);
  const zone = /^[+-]\d{4}$/.test(offset) ? `${offset.slice(0, 3)}:${offset.slice(3)}` : offset.toUpperCase();
  const instant = Date.parse(`${day}T${hour}:${minute}:${second}.${millis}${zone}`);
  if (!Number.isFinite(instant)) return undefined;
  const iso = new Date(instant).toISOString();
  return /^\d{4}-/.test(iso) ? iso : undefined;
}

const annotationDate = z
  .string()
  .max(40)
  .transform((text, context) => {
    const iso = normalizeAnnotationDate(text);
    if (iso === undefined) {
      context.addIssue({ code: 'custom', message: 'expected an ISO 8601 date-time or YYYY-MM-DD' });
      return z.NEVER;
    }
    return iso;
  });

const fields = {
  title: z.string().trim().min(1).max(120),
  description: z.string().max(2000),
  color: z.enum(ANNOTATION_COLORS),
  icon: z.string().min(1).max(64),
};

export const CreateAnnotationBodySchema = z
  .object({
    title: fields.title,
    date: annotationDate.describe('ISO 8601 date-time (UTC unless an offset is given) or YYYY-MM-DD (midnight UTC)'),
    endDate: annotationDate.optional().describe('end of a range; after date'),
    description: fields.description.optional(),
    color: fields.color.optional(),
    icon: fields.icon.optional(),
    isPublic: z.boolean().optional().describe('shown to viewers of a public site without access (default false)'),
    scope: z.enum(ANNOTATION_SCOPES).optional().describe('organization: shown on every site of the organization (admins only)'),
  })
  .refine((body) => body.endDate === undefined || body.endDate > body.date, { message: 'endDate must be after date', path: ['endDate'] });

export type CreateAnnotationBody = z.output<typeof CreateAnnotationBodySchema>;

/** Any subset of the fields; null clears an optional one. */
export const UpdateAnnotationBodySchema = z
  .object({
    title: fields.title.optional(),
    date: annotationDate.optional(),
    endDate: annotationDate.nullable().optional(),
    description: fields.description.nullable().optional(),
    color: fields.color.nullable().optional(),
    icon: fields.icon.nullable().optional(),
    isPublic: z.boolean().optional(),
    scope: z.enum(ANNOTATION_SCOPES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'No fields to update' });

export type UpdateAnnotationBody = z.output<typeof UpdateAnnotationBodySchema>;

const day = z.preprocess((value) => (value === '' ? undefined : value), z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional());

export const ListAnnotationsQuerySchema = z.object({
  start_date: day.describe('first local day (YYYY-MM-DD), with end_date: annotations overlapping the days are listed'),
  end_date: day.describe('last local day, inclusive'),
  time_zone: z.preprocess((value) => (value === '' ? undefined : value), z.string().max(64).optional()).describe('IANA zone of the days; default UTC'),
});

export type ListAnnotationsQuery = z.output<typeof ListAnnotationsQuerySchema>;

export const AnnotationParams = z.object({ site: z.string().min(1), annotationId: z.string().min(1).max(64) });

/** An annotation as the list and the update answer it (annotation.repository.ts builds it). */
export const AnnotationSchema = z.object({
  annotationId: z.string(),
  siteId: z.number().int().nullable().describe('null for an organization-wide annotation'),
  organizationId: z.string(),
  userId: z.string().nullable().describe('who created it; null when an organization key did'),
  title: z.string(),
  description: z.string().nullable(),
  date: z.string().describe('ISO 8601 UTC instant with milliseconds'),
  endDate: z.string().nullable().describe('end of a range, ISO 8601 UTC instant with milliseconds'),
  color: z.string().nullable().describe(`one of ${ANNOTATION_COLORS.join(', ')}`),
  icon: z.string().nullable(),
  isPublic: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
