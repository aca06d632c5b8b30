// POST /api/invitations/lookup: what the invitation page shows to the holder of a link (no credential: the
// link's token is the proof). Answers the same 404 for an unknown id, a wrong token and a used or expired one.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { invitationReference, type InvitationTokens } from '../platform/auth/invitation-tokens.js';
import { NotFoundError } from '../platform/http/app-errors.js';
import { ErrorSchema } from '../platform/http/route-docs.js';
import type { MetadataDatabase } from '../platform/metadata-store/metadata-schema.js';

export interface InvitationLookupDeps {
  readonly db: Kysely<MetadataDatabase>;
  readonly invitationTokens: InvitationTokens;
}

const LookupBody = z.object({
  invitationId: z.string().min(1).max(300).describe('The link\'s invitationId parameter: "<id>.<token>"'),
});

const LookupAnswer = z.object({
  email: z.string().describe('The invited address: the account to create or sign in with'),
  role: z.string(),
  organizationId: z.string(),
  organizationName: z.string(),
  inviterEmail: z.string(),
  expiresAt: z.string(),
  hasAccount: z.boolean().describe('Whether the invited address already has an account (told only to the holder of the link)'),
});

export const invitationLookupRoutes: FastifyPluginAsyncZod<InvitationLookupDeps> = async (app, { db, invitationTokens }) => {
  app.post('/api/invitations/lookup', {
    schema: {
      tags: ['Organizations'], summary: 'The invitation of a link (for its accept page): invited address, role, organization', security: [{}],
      body: LookupBody, response: { 200: LookupAnswer, 404: ErrorSchema },
    },
  }, async (request) => {
    const proven = await invitationTokens.prove(invitationReference(request.body.invitationId, undefined));
    if (!proven) throw new NotFoundError('This invitation link is not valid or has expired');
    const [organization, inviter, account] = await Promise.all([
      db.selectFrom('organization').select('name').where('id', '=', proven.organizationId).executeTakeFirst(),
      db.selectFrom('user').select('email').where('id', '=', proven.inviterId).executeTakeFirst(),
      db.selectFrom('user').select('id').where('email', '=', proven.email).executeTakeFirst(),
    ]);
    return {
      email: proven.email, role: proven.role, organizationId: proven.organizationId, organizationName: organization?.name ?? '',
      inviterEmail: inviter?.email ?? '', expiresAt: proven.expiresAt, hasAccount: account !== undefined,
    };
  });
};
