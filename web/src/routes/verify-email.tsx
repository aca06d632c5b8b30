// /verify-email?token=: the page of a verification mail's link; confirms the address (or makes a new address the
// account's), signed in or not.
import { useSearchParams } from 'react-router';
import { useVerifyEmail } from '../api/account-queries';
import { useSession } from '../api/session-queries';
import { TextLink } from '../components/account/text-link';
import { AuthFrame } from '../components/auth-frame';
import { ErrorMessage } from '../components/error-message';

export function VerifyEmailPage() {
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const verification = useVerifyEmail(token);
  const session = useSession();
  const next = session.data ? <TextLink to="/account">Open your account settings</TextLink> : <TextLink to="/sign-in">Sign in</TextLink>;
  if (token === '') {
    return <AuthFrame title="Confirm your email address"><p className="text-sm">This link is incomplete: open the whole link from the mail.</p></AuthFrame>;
  }
  return (
    <AuthFrame title="Confirm your email address">
      {verification.isPending ? <p role="status" className="text-sm">Confirming…</p> : null}
      {verification.isSuccess ? (
        <p role="status" className="text-sm">Your email address is confirmed{session.data ? `: ${session.data.user.email}` : ''}.</p>
      ) : null}
      {verification.isError ? (
        <>
          <ErrorMessage error={verification.error} />
          <p className="text-sm">The link may be more than a day old, or already used. Signed in, you can send a new one from your account settings.</p>
        </>
      ) : null}
      {verification.isPending ? null : <p className="text-sm">{next}</p>}
    </AuthFrame>
  );
}

export { VerifyEmailPage as Component };
