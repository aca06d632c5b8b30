// ProviderSignInButtons: "Sign in with <provider>" for each identity provider the operator configured (GET /api/config).
import { useInstanceConfig } from '../../api/session-queries';
import { useProviderSignIn } from '../../api/security-queries';
import { Button } from '../button';
import { ErrorMessage } from '../error-message';

/** `next` is the dashboard path to land on afterwards. */
export function ProviderSignInButtons({ next }: { next: string }) {
  const config = useInstanceConfig();
  const signIn = useProviderSignIn();
  const providers = config.data?.signInProviders ?? [];
  if (providers.length === 0) return null;
  // Back to the sign-in page, which asks for a code if the account has two-factor on, then goes on to `next`.
  const callbackURL = `/sign-in?sso=1&next=${encodeURIComponent(next)}`;
  return (
    <div className="flex flex-col gap-2">
      {providers.map((provider) => (
        <Button key={provider.id} variant="secondary" disabled={signIn.isPending} onClick={() => signIn.mutate({ provider: provider.id, callbackURL })}>
          Sign in with {provider.name}
        </Button>
      ))}
      <ErrorMessage error={signIn.error} />
    </div>
  );
}

/** The sign-in page's words for the `error` better-auth adds when a sign-in through the provider fails. */
export function providerErrorText(code: string, description: string | null): string {
  if (code === 'account_not_linked') return 'An account with your email already exists here and its address is not verified: sign in with its password instead.';
  if (description) return `Sign-in with your identity provider failed: ${description}`;
  return `Sign-in with your identity provider failed (${code}).`;
}
