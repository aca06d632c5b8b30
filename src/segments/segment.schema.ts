// Segment request bodies: a name, an optional description, a filter list (checked like `filters`), visibility.
import { z } from 'zod';

const fields = {
  name: z.string().trim().min(1).max(100),
  description: z.string().max(1000),
  filters: z.array(z.unknown()).describe('filters as in the `filters` parameter: [{parameter, type, value}]'),
  isPublic: z.boolean().describe('visible to viewers of a public site without access (default false)'),
};

export const CreateSegmentBodySchema = z.object({
  name: fields.name,
  description: fields.description.nullable().optional(),
  filters: fields.filters,
  isPublic: fields.isPublic.optional(),
});

export type CreateSegmentBody = z.output<typeof CreateSegmentBodySchema>;

export const UpdateSegmentBodySchema = z
  .object({
    name: fields.name.optional(),
    description: fields.description.nullable().optional(),
    filters: fields.filters.optional(),
    isPublic: fields.isPublic.optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'No fields to update' });

export type UpdateSegmentBody = z.output<typeof UpdateSegmentBodySchema>;

export const SegmentParams = z.object({
  site: z.string().min(1),
  // Ids are 32-bit integer keys: PostgreSQL refuses a larger number in a query, so it is refused here first.
  segmentId: z.string().regex(/^[1-9]\d{0,9}$/, 'expected a positive integer').transform(Number).pipe(z.number().max(2_147_483_647, 'expected a positive integer')),
});

/** A saved segment as every segment route answers it. */
export const SegmentSchema = z.object({
  segmentId: z.number(),
  siteId: z.number(),
  name: z.string(),
  description: z.string().nullable(),
  filters: z.array(z.unknown()).describe('[{parameter, type, value}] as in the `filters` parameter'),
  isPublic: z.boolean(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
