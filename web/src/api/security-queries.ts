// Two-factor authentication, sign-in with the operator's identity provider and the organization's sign-in policy:
// better-auth's /api/auth/two-factor/* and /api/auth/sign-in/social, and Loupe's /sign-in-policy route.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './client';

/** What POST /api/auth/two-factor/enable returns: the authenticator app's URI and the backup codes, once. */
export interface TwoFactorSetup {
  readonly totpURI: string;
  readonly backupCodes: readonly string[];
}

/** POST /api/auth/sign-in/email's answer for an account with two-factor on: no session yet, a code is asked. */
export interface TwoFactorChallenge {
  readonly twoFactorRedirect: true;
}

export function isTwoFactorChallenge(answer: unknown): answer is TwoFactorChallenge {
  return typeof answer === 'object' && answer !== null && (answer as { twoFactorRedirect?: unknown }).twoFactorRedirect === true;
}

export interface SignInPolicy {
  readonly requireTwoFactor: boolean;
}

/** The secret an authenticator app takes by hand: the `secret` parameter of the otpauth:// URI. */
export function secretOfTotpUri(uri: string): string {
  const query = uri.includes('?') ? uri.slice(uri.indexOf('?') + 1) : '';
  return new URLSearchParams(query).get('secret') ?? '';
}

/** The signed-in account's two-factor state, from better-auth's session (its user carries `twoFactorEnabled`). */
export const useTwoFactorStatus = () =>
  useQuery({
    queryKey: ['/api/auth/get-session'],
    queryFn: () => apiRequest<{ user: { email: string; twoFactorEnabled?: boolean | null } } | null>('/api/auth/get-session'),
    select: (session) => session?.user.twoFactorEnabled === true,
  });

export const useStartTwoFactor = () =>
  useMutation({ mutationFn: (password: string) => apiRequest<TwoFactorSetup>('/api/auth/two-factor/enable', { method: 'POST', body: password === '' ? {} : { password } }) });

/** Confirms the set-up (signed in) or answers the sign-in challenge; either way the session is new afterwards. */
export function useVerifyTotp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useVerifyBackupCode() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => apiRequest('/api/auth/two-factor/verify-backup-code', { method: 'POST', body: { code } }),
    onSuccess: () => client.invalidateQueries(),
  });
}

export function useDisableTwoFactor() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => apiRequest('/api/auth/two-factor/disable', { method: 'POST', body: password === '' ? {} : { password } }),
    onSuccess: () => client.invalidateQueries(),
  });
}

/** Starts sign-in with the provider; the browser leaves for it (and comes back to `callbackURL`). */
export const useProviderSignIn = () =>
  useMutation({
    mutationFn: async ({ provider, callbackURL }: { provider: string; callbackURL: string }) => {
      const answer = await apiRequest<{ url: string }>('/api/auth/sign-in/social', {
        method: 'POST',
        body: { provider, callbackURL, errorCallbackURL: '/sign-in' },
      });
      window.location.assign(answer.url);
    },
  });

const policyKey = (organizationId: string) => ['/api/organizations/sign-in-policy', organizationId];

export const useSignInPolicy = (organizationId: string) =>
  useQuery({
    queryKey: policyKey(organizationId),
    queryFn: () => apiRequest<SignInPolicy>(`/api/organizations/${encodeURIComponent(organizationId)}/sign-in-policy`),
  });

export function useSetSignInPolicy(organizationId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (policy: SignInPolicy) => apiRequest<SignInPolicy>(`/api/organizations/${encodeURIComponent(organizationId)}/sign-in-policy`, { method: 'PUT', body: policy }),
    onSuccess: (policy) => client.setQueryData(policyKey(organizationId), policy),
  });
}
