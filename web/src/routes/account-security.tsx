// /account/security: the signed-in account's sign-in security (two-factor authentication).
import { TwoFactorSection } from '../components/security/two-factor-section';

export function AccountSecurityPage() {
  return (
    <div className="flex flex-col gap-4">
      <h1 className="text-2xl font-semibold">Security</h1>
      <TwoFactorSection />
    </div>
  );
}

export { AccountSecurityPage as Component };
