// OrganizationSwitcher: a labelled <select> of the caller's organizations; the choice lives in the URL (?org=).
import { useId } from 'react';
import type { UserOrganization } from '../api/types';
import { FOCUS_RING } from './button';

export interface OrganizationSwitcherProps {
  readonly organizations: readonly UserOrganization[];
  readonly current: string;
  readonly onChange: (organizationId: string) => void;
}

export function OrganizationSwitcher({ organizations, current, onChange }: OrganizationSwitcherProps) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <label htmlFor={id} className="text-sm font-medium">Organization</label>
      <select
        id={id}
        value={current}
        onChange={(event) => onChange(event.target.value)}
        className={`min-h-10 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-600 dark:bg-slate-900 ${FOCUS_RING}`}
      >
        {organizations.map((organization) => <option key={organization.id} value={organization.id}>{organization.name}</option>)}
      </select>
    </div>
  );
}
