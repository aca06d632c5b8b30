// TanStack Query hooks of who is signed in (sign up, in, out) and the instance's public settings; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';
import { rememberSignedIn } from './session-hint';
import type { InstanceConfig, Session, SignInBody, SignUpBody } from './types';

export const useInstanceConfig = (enabled = true) => useQuery({ queryKey: ['/api/config'], queryFn: () => apiRequest<InstanceConfig>('/api/config'), enabled });

export const useSession = () => useQuery({
  queryKey: ['/api/auth/get-session'],
  queryFn: async () => {
    const session = await apiRequest<Session>('/api/auth/get-session');
    rememberSignedIn(session !== null);
    return session;
  },
});

/**
 * Signing in, up or out changes who is asking: every cached answer is dropped (not refetched: the pages on
 * screen may be those the new session cannot read; the next page fetches what it needs).
 */
function useResetAfter<TBody>(call: (body: TBody) => Promise<unknown>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.clear() });
}

export const useSignUp = () => useResetAfter((body: SignUpBody) => apiRequest('/api/auth/sign-up/email', { method: 'POST', body }));
export const useSignIn = () => useResetAfter((body: SignInBody) => apiRequest('/api/auth/sign-in/email', { method: 'POST', body }));
export const useSignOut = () => useResetAfter(async () => {
  rememberSignedIn(false);
  return apiRequest('/api/auth/sign-out', { method: 'POST', body: {} });
});

