// Bodies of the dashboard's writes to a person: identify a device, replace traits.
import { z } from 'zod';

/** Traits as Rybbit's dashboard sends them: any JSON object, at most 2,048 bytes as JSON. */
export const MAX_TRAITS_BYTES = 2048;

const TraitsSchema = z
  .record(z.string().min(1).max(100), z.unknown())
  .refine((traits) => Buffer.byteLength(JSON.stringify(traits)) <= MAX_TRAITS_BYTES, `Traits must be at most ${MAX_TRAITS_BYTES} bytes as JSON`);

export const IdentifyUserBodySchema = z
  .object({
    anonymous_id: z.string().min(1).max(255).describe('the device: an anonymous visitor id as the users report lists it'),
    user_id: z.string().min(1).max(255).describe('the identified user id to link the device to'),
    traits: TraitsSchema.optional().describe('merged into the user\'s latest traits; null values are dropped'),
  })
  .refine((body) => body.anonymous_id !== body.user_id, { message: 'User ID must be different from the anonymous ID', path: ['user_id'] });

export const UserTraitsBodySchema = z.object({
  traits: TraitsSchema.describe('the full set of traits, replacing the latest ones; null values are dropped'),
});

export const UserPathParams = z.object({
  site: z.string().min(1).describe('Numeric siteId or 12-character hex public id'),
  userId: z.string().min(1).max(255).describe('identified user id, or anonymous visitor id'),
});

/** The traits without null (or undefined) values. */
export function withoutNulls(traits: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(traits).filter(([, value]) => value !== null && value !== undefined));
}
