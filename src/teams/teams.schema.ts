// Request and response schemas of the team routes (Rybbit's paths and shapes).
import { z } from 'zod';

const TeamName = z.string().trim().min(1, 'Team name is required').max(100);
const UserIds = z.array(z.string().min(1).max(200)).max(1000);
const SiteIds = z.array(z.number().int().min(1)).max(10_000);

export const TeamParams = z.object({ organizationId: z.string().min(1), teamId: z.string().min(1) });
export const TeamMemberParams = TeamParams.extend({ userId: z.string().min(1) });

export const CreateTeamBodySchema = z.object({
  name: TeamName,
  memberUserIds: UserIds.optional().describe('Users (members of the organization) to put on the team'),
  siteIds: SiteIds.optional().describe("Numeric site ids the team's members are restricted to; empty or omitted: no restriction"),
});

export const UpdateTeamBodySchema = z.object({
  name: TeamName.optional(),
  memberUserIds: UserIds.optional().describe("Replaces the team's members when present"),
  siteIds: SiteIds.optional().describe("Replaces the team's sites when present; [] lifts the restriction"),
});

export const AddTeamMemberBodySchema = z.object({ userId: z.string().min(1).max(200) });

const TeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  members: z.array(z.object({ userId: z.string(), userName: z.string().nullable(), userEmail: z.string() })),
  sites: z.array(z.object({ siteId: z.number(), domain: z.string(), name: z.string() })),
});

export const TeamListSchema = z.object({ teams: z.array(TeamSchema) });

export const CreatedTeamSchema = z.object({
  id: z.string(),
  name: z.string(),
  organizationId: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  members: z.array(z.string()).describe('The user ids put on the team'),
  siteIds: z.array(z.number()),
});
