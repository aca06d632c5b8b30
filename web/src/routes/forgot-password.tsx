// /forgot-password (linked from sign-in): asks for a mail with a link to set a new password. The answer is the
// same whether or not an account uses the address, so the page cannot tell either.
import { useState, type FormEvent } from 'react';
import { useRequestPasswordReset } from '../api/account-queries';
import { useInstanceConfig } from '../api/session-queries';
import { TextLink } from '../components/account/text-link';
import { AuthFrame } from '../components/auth-frame';
import { Button } from '../components/button';
import { ErrorMessage } from '../components/error-message';
import { TextField } from '../components/text-field';

export function ForgotPasswordPage() {
  const request = useRequestPasswordReset();
  const config = useInstanceConfig();
  const [email, setEmail] = useState('');
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    request.mutate(email);
  };
  const back = <p className="text-sm"><TextLink to="/sign-in">Back to sign in</TextLink></p>;
  if (config.data?.emailEnabled === false) {
    return (
      <AuthFrame title="Reset your password">
        <p className="text-sm">This instance sends no email, so a password cannot be reset by email. Ask the person who runs it.</p>
        {back}
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Reset your password">
      {request.isSuccess ? (
        <p role="status" className="text-sm">
          If an account uses <strong>{email}</strong>, a mail with a link to set a new password is on its way. The link is valid for an hour.
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-4">
          <p className="text-sm">Enter the email address of your account: we will mail it a link to set a new password.</p>
          <TextField label="Email" name="email" type="email" autoComplete="email" required value={email} onChange={(event) => setEmail(event.target.value)} />
          <ErrorMessage error={request.error} />
          <Button type="submit" disabled={request.isPending}>Send the link</Button>
        </form>
      )}
      {back}
    </AuthFrame>
  );
}

export { ForgotPasswordPage as Component };
