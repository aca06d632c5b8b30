// SettingsForm: one titled settings section as a form that sends its fields to PUT /api/sites/{site}/config,
// with its own Save button, "Saved" status and the API's error; read-only (fields disabled, no Save) for a caller
// who may not change the site.
import type { FormEvent, ReactNode } from 'react';
import { useUpdateSite } from '../../api/site-queries';
import type { SiteConfigBody } from '../../api/settings-types';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';

export interface SettingsFormProps {
  readonly site: string;
  readonly title: string;
  readonly saveLabel: string;
  readonly bodyOf: (form: FormData) => SiteConfigBody;
  readonly children: ReactNode;
  /** True when the caller may not change the site's settings (the API needs the admin role). */
  readonly readOnly?: boolean;
}

export function SettingsForm({ site, title, saveLabel, bodyOf, children, readOnly = false }: SettingsFormProps) {
  const update = useUpdateSite(site);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(bodyOf(new FormData(event.currentTarget)));
  };
  return (
    <Card title={title}>
      <form onSubmit={submit} className="flex flex-col gap-4">
        <fieldset disabled={readOnly} className="flex flex-col gap-4">{children}</fieldset>
        <ErrorMessage error={update.error} />
        {readOnly ? null : (
          <div className="flex items-center gap-3">
            <Button type="submit" disabled={update.isPending}>{saveLabel}</Button>
            <span role="status" className="text-sm text-slate-600 dark:text-slate-400">{update.isSuccess ? 'Saved' : ''}</span>
          </div>
        )}
      </form>
    </Card>
  );
}
