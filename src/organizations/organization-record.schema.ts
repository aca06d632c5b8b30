// An organization as Rybbit's dashboard reads it (OrganizationRecord in organization-directory.ts).
import { z } from 'zod';

export const OrganizationRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  logo: z.string().nullable(),
  createdAt: z.string(),
  metadata: z.string().nullable(),
});
