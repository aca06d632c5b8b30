// Request and response schemas of the member and invitation routes.
import { z } from 'zod';
import { ORGANIZATION_ROLES } from '../platform/auth/organization-roles.js';

const Role = z.enum(ORGANIZATION_ROLES).describe('viewer reads everything a member reads and changes nothing');
const Email = z.string().trim().toLowerCase().pipe(z.email().max(254));

export const MemberParams = z.object({ organizationId: z.string().min(1), memberId: z.string().min(1) });

export const InviteBodySchema = z.object({
  email: Email,
  role: Role.default('member').describe('owner only when the caller is an owner'),
  teamId: z.string().min(1).optional().describe('A team of the organization the invitee joins on acceptance'),
});

export const AddMemberBodySchema = z.object({ email: Email, role: Role });

export const AddedMemberSchema = z.object({
  message: z.string(),
  invitationId: z.string(),
  inviteLink: z.string().describe('The page where the person accepts; its invitationId parameter carries the secret the accept call needs'),
  emailSent: z.boolean(),
});

export const ChangeRoleBodySchema = z.object({ role: Role });

const MemberSchema = z.object({
  id: z.string(),
  role: z.string(),
  userId: z.string(),
  organizationId: z.string(),
  createdAt: z.string().describe('When the member joined, `YYYY-MM-DD HH:MM:SS` UTC (Rybbit\'s form)'),
  user: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  siteAccess: z.object({
    hasRestrictedSiteAccess: z.boolean().describe('True for a member whose teams are restricted to sites'),
    siteIds: z.array(z.number()).describe('The sites such a member sees: their restricted teams\' sites and their own granted sites'),
    siteRole: z.null(),
    siteGrants: z.array(z.never()),
  }),
  teams: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const MemberListSchema = z.object({ success: z.literal(true), data: z.array(MemberSchema) });

export const ChangedMemberSchema = MemberSchema.omit({ siteAccess: true, teams: true });

export const InvitationSchema = z.object({
  id: z.string(),
  organizationId: z.string(),
  email: z.string(),
  role: z.string(),
  teamId: z.string().nullable(),
  status: z.string(),
  expiresAt: z.string(),
  createdAt: z.string(),
  inviterId: z.string(),
  inviteLink: z.string().describe('The page where the invitee creates the account or signs in, then accepts (its invitationId parameter, "<id>.<token>", is what accept-invitation needs)'),
  emailSent: z.boolean().describe('Whether the invitation email was handed to the SMTP server (SMTP_URL)'),
});

export const MemberSiteAccessBodySchema = z.object({
  hasRestrictedSiteAccess: z.boolean(),
  siteIds: z.array(z.number().int().min(1)).max(10_000).default([]),
  siteRole: z.null().optional().describe('Per-site roles do not exist in Loupe: only null is accepted'),
});

export const MemberSiteAccessSchema = z.object({
  memberId: z.string(),
  hasRestrictedSiteAccess: z.boolean(),
  siteAccess: z.array(z.object({ siteId: z.number(), name: z.string(), domain: z.string() })),
});
