// NameForm: the account's name, as the organization's member list shows it.
import type { FormEvent } from 'react';
import { useUpdateName } from '../../api/account-queries';
import { Button } from '../button';
import { Card } from '../card';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { StatusLine } from './status-line';

export function NameForm({ name }: { name: string }) {
  const update = useUpdateName();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    update.mutate(String(new FormData(event.currentTarget).get('name')).trim());
  };
  return (
    <Card title="Name">
      <form onSubmit={submit} className="flex max-w-md flex-col gap-3">
        <TextField label="Name" name="name" autoComplete="name" required maxLength={200} defaultValue={name} />
        <ErrorMessage error={update.error} />
        <div className="flex items-center gap-3">
          <Button type="submit" disabled={update.isPending}>Save the name</Button>
          <StatusLine text={update.isSuccess ? 'Saved' : ''} />
        </div>
      </form>
    </Card>
  );
}
