// TanStack Query hooks of the account pages: the name, address and password of the signed-in account, its sessions,
// and the signed-out password reset and address verification; query keys start with the path they read.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, queryString } from './client';
import type { AccountSession, AuthStatus, ChangePasswordBody, EmailVerified, PasswordResetRequested, ResetPasswordBody } from './account-types';

const SESSION_KEY = ['/api/auth/get-session'];
const SESSIONS_KEY = ['/api/account/sessions'];

/** A change of the account that the session's user (name, address, verified state) shows. */
function useAccountMutation<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const client = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => client.invalidateQueries({ queryKey: SESSION_KEY }) });
}

export const useUpdateName = () =>
  useAccountMutation((name: string) => apiRequest<AuthStatus>('/api/auth/update-user', { method: 'POST', body: { name } }));

export const useResendVerification = () =>
  useAccountMutation((email: string) => apiRequest<AuthStatus>('/api/auth/send-verification-email', { method: 'POST', body: { email } }));

export const useChangeEmail = () =>
  useAccountMutation((newEmail: string) => apiRequest<AuthStatus>('/api/auth/change-email', { method: 'POST', body: { newEmail } }));

/** With `revokeOtherSessions`, every other session ends (this one continues in a renewed session). */
export function useChangePassword() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ChangePasswordBody) => apiRequest<unknown>('/api/auth/change-password', { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export const useAccountSessions = () =>
  useQuery({ queryKey: SESSIONS_KEY, queryFn: () => apiRequest<{ sessions: AccountSession[] }>('/api/account/sessions') });

export function useSignOutSession() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) => apiRequest<{ success: true }>(`/api/account/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useSignOutOtherSessions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiRequest<AuthStatus>('/api/auth/revoke-other-sessions', { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

// Signed out: the links of the account mails.

export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => apiRequest<PasswordResetRequested>('/api/auth/request-password-reset', { method: 'POST', body: { email } }) });

export const useResetPassword = () =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => apiRequest<AuthStatus>('/api/auth/reset-password', { method: 'POST', body }) });

/** Confirms the address of a verification link once (a query: asked once per token, even when the page renders twice). */
export function useVerifyEmail(token: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: ['/api/auth/verify-email', token],
    queryFn: async () => {
      const answer = await apiRequest<EmailVerified>(`/api/auth/verify-email${queryString({ token })}`);
      await client.invalidateQueries({ queryKey: SESSION_KEY });
      return answer;
    },
    enabled: token !== '',
    retry: false,
    staleTime: Infinity,
  });
}
