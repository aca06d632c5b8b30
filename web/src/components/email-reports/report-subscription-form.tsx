// ReportSubscriptionForm: the signed-in member's weekly and monthly report mails of the site, and the time zone
// their weeks and months are cut in (the browser's by default).
import { useState, type FormEvent } from 'react';
import type { ReportSubscription } from '../../api/alert-types';
import { useSaveReportSubscription } from '../../api/alert-queries';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';

/** The zone to offer: the one saved, unless nothing is on yet (then the browser's). */
function zoneToOffer(saved: ReportSubscription): string {
  if (saved.weekly || saved.monthly) return saved.time_zone;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || saved.time_zone;
}

export function ReportSubscriptionForm({ site, saved }: { site: string; saved: ReportSubscription }) {
  const save = useSaveReportSubscription(site);
  const [done, setDone] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setDone(false);
    save.mutate(
      { weekly: form.get('weekly') === 'on', monthly: form.get('monthly') === 'on', timeZone: String(form.get('timeZone') ?? '').trim() },
      { onSuccess: () => setDone(true) },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-col gap-4" data-testid="report-subscription">
      <p className="text-sm">Reports go to <strong>{saved.email}</strong>. Each mail has a link that turns it off without signing in.</p>
      <CheckboxField name="weekly" label="Weekly report" hint="Every Monday: the week before, with the change against the week before that" defaultChecked={saved.weekly} />
      <CheckboxField name="monthly" label="Monthly report" hint="On the 1st: the month before, with the change against the month before that" defaultChecked={saved.monthly} />
      <TextField label="Time zone" name="timeZone" required maxLength={64} defaultValue={zoneToOffer(saved)} autoComplete="off" spellCheck={false}
        hint="Where weeks and months start, e.g. Europe/Berlin" className="max-w-sm" />
      <ErrorMessage error={save.error} />
      {done ? <p role="status" className="text-sm">Saved.</p> : null}
      <Button type="submit" disabled={save.isPending} className="self-start">Save</Button>
    </form>
  );
}
