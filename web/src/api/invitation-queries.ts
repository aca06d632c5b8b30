// The invitation page's calls: what a link invites to, creating the invitee's account with the link, accepting.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import type { AnswerOf } from './types';

export type InvitationOfLink = AnswerOf<'/api/invitations/lookup', 'post'>;

/** `reference`: the link's invitationId parameter ("<id>.<token>"). */
export const useInvitationOfLink = (reference: string) =>
  useQuery({
    queryKey: ['/api/invitations/lookup', reference],
    queryFn: () => apiRequest<InvitationOfLink>('/api/invitations/lookup', { method: 'POST', body: { invitationId: reference } }),
    enabled: reference !== '',
    retry: false,
  });

/** Signing up or in from the page changes who is asking: the session and the invitation are read again. */
function useThenReread<TBody>(call: (body: TBody) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.resetQueries() });
}

export interface InvitedSignUp {
  readonly name: string;
  readonly email: string;
  readonly password: string;
  readonly invitationId: string;
}

export const useInvitedSignUp = () => useThenReread((body: InvitedSignUp) => apiRequest('/api/auth/sign-up/email', { method: 'POST', body }));

export const useInvitedSignIn = () =>
  useThenReread((body: { email: string; password: string }) => apiRequest('/api/auth/sign-in/email', { method: 'POST', body }));

export const useSignOutHere = () => useThenReread(() => apiRequest('/api/auth/sign-out', { method: 'POST', body: {} }));

export const useAcceptInvitation = () =>
  useMutation({ mutationFn: (reference: string) => apiRequest('/api/auth/organization/accept-invitation', { method: 'POST', body: { invitationId: reference } }) });
