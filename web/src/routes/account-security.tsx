// /account/security: how the account signs in (two-factor authentication) and where it is signed in (its sessions).
import { AccountNav } from '../components/account/account-nav';
import { SessionList } from '../components/account/session-list';
import { TwoFactorSection } from '../components/security/two-factor-section';

export function AccountSecurityPage() {
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold">Security</h1>
        <AccountNav />
      </div>
      <TwoFactorSection />
      <SessionList />
    </div>
  );
}

export { AccountSecurityPage as Component };
