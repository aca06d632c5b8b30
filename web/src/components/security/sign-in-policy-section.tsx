// SignInPolicySection: the organization's sign-in policy (members must use two-factor authentication); its owners
// change it, everyone else reads it. Placed on the organization's settings page.
import { useSetSignInPolicy, useSignInPolicy } from '../../api/security-queries';
import { Card } from '../card';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { useToggleWhileSaving } from '../use-toggle-while-saving';

const HINT = 'Members without it are refused on this organization\'s sites and settings until they turn it on (Account > Security). Organization API keys are not affected.';

export function SignInPolicySection({ organizationId, isOwner }: { organizationId: string; isOwner: boolean }) {
  const policy = useSignInPolicy(organizationId);
  const save = useSetSignInPolicy(organizationId);
  const toggle = useToggleWhileSaving(policy.data?.requireTwoFactor ?? false);
  return (
    <Card title="Sign-in policy">
      <div className="flex flex-col gap-3">
        {policy.isPending ? <p role="status" className="text-sm">Loading…</p> : null}
        <ErrorMessage error={policy.error} />
        {policy.data ? (
          <CheckboxField
            label="Members must use two-factor authentication"
            hint={isOwner ? HINT : `${HINT} Only an owner changes this.`}
            // While a change is being saved the box shows it (disabled), not the stored value it is replacing.
            checked={toggle.checked}
            disabled={!isOwner || save.isPending}
            onChange={(event) => {
              const requireTwoFactor = event.currentTarget.checked;
              toggle.ask(requireTwoFactor);
              save.mutate({ requireTwoFactor }, { onSettled: toggle.settle });
            }}
          />
        ) : null}
        <ErrorMessage error={save.error} />
        {save.isSuccess ? <p role="status" className="text-sm">Saved.</p> : null}
      </div>
    </Card>
  );
}
