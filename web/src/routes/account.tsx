// /account: the signed-in account's settings: its name, its email address (verified or not, and changing it),
// its password.
import { useInstanceConfig, useSession } from '../api/session-queries';
import { AccountNav } from '../components/account/account-nav';
import { EmailSection } from '../components/account/email-section';
import { NameForm } from '../components/account/name-form';
import { PasswordForm } from '../components/account/password-form';
import { ErrorMessage } from '../components/error-message';

export function AccountPage() {
  const session = useSession();
  const config = useInstanceConfig();
  const user = session.data?.user;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Account settings</h1>
        <AccountNav />
      </div>
      <ErrorMessage error={session.error ?? config.error} />
      {user && config.data ? (
        <>
          <NameForm key={user.name} name={user.name} />
          <EmailSection email={user.email} verified={user.emailVerified} emailEnabled={config.data.emailEnabled} />
          <PasswordForm />
        </>
      ) : <p role="status" className="text-sm">Loading…</p>}
    </div>
  );
}

export { AccountPage as Component };
