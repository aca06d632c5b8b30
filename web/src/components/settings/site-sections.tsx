// The site settings forms: name, domain and public access; tracking switches; exclusion lists.
import { EXCLUSION_LISTS, TRACKING_TOGGLES } from '../../api/settings-types';
import type { SiteRecord } from '../../api/types';
import { CheckboxField } from '../checkbox-field';
import { TextField } from '../text-field';
import { EXCLUSION_LABELS, linesOf, TOGGLE_LABELS } from './settings-fields';
import { SettingsForm } from './settings-form';
import { TextAreaField } from './text-area-field';

/** A section's record, and whether the caller may only read it (fields disabled, no Save button). */
interface SectionProps {
  readonly record: SiteRecord;
  readonly readOnly: boolean;
}

export function GeneralSection({ record, readOnly }: SectionProps) {
  const bodyOf = (form: FormData) => ({
    name: String(form.get('name') ?? '').trim(),
    domain: String(form.get('domain') ?? '').trim(),
    public: form.get('public') === 'on',
    publicPeopleData: form.get('publicPeopleData') === 'on',
  });
  return (
    <SettingsForm site={record.id} title="General" saveLabel="Save general settings" bodyOf={bodyOf} readOnly={readOnly}>
      <TextField label="Site name" name="name" required defaultValue={record.name} autoComplete="off" />
      <TextField label="Domain" name="domain" required defaultValue={record.domain} autoComplete="off" hint="The site's host name, without https://" />
      <CheckboxField
        label="Public dashboard"
        name="public"
        defaultChecked={record.public}
        hint={`Anyone with the address ${window.location.origin}/share/${record.id} can read this site's dashboard, without signing in`}
      />
      <CheckboxField
        label="Show people to the public too"
        name="publicPeopleData"
        defaultChecked={record.publicPeopleData}
        hint="Off: the public dashboard and private links show totals and rankings only. On: they also list users, their traits (such as emails), sessions, raw events and error details."
      />
    </SettingsForm>
  );
}

export function TrackingSection({ record, readOnly }: SectionProps) {
  const bodyOf = (form: FormData) => Object.fromEntries(TRACKING_TOGGLES.map((toggle) => [toggle, form.get(toggle) === 'on']));
  return (
    <SettingsForm site={record.id} title="Tracking" saveLabel="Save tracking settings" bodyOf={bodyOf} readOnly={readOnly}>
      <fieldset className="grid gap-3 sm:grid-cols-2">
        <legend className="sr-only">What the script records</legend>
        {TRACKING_TOGGLES.map((toggle) => (
          <CheckboxField key={toggle} name={toggle} defaultChecked={record[toggle]} label={TOGGLE_LABELS[toggle].label} hint={TOGGLE_LABELS[toggle].hint} />
        ))}
      </fieldset>
    </SettingsForm>
  );
}

export function ReplaySection({ record, readOnly }: SectionProps) {
  const bodyOf = (form: FormData) => ({
    sessionReplay: form.get('sessionReplay') === 'on',
    replaySampleRate: Number(form.get('replaySampleRate')),
    replayRetentionDays: Number(form.get('replayRetentionDays')),
    replayMaskTextSelectors: linesOf(String(form.get('replayMaskTextSelectors') ?? '')),
  });
  return (
    <SettingsForm site={record.id} title="Session replay" saveLabel="Save replay settings" bodyOf={bodyOf} readOnly={readOnly}>
      <CheckboxField
        label="Record sessions"
        name="sessionReplay"
        defaultChecked={record.sessionReplay}
        hint="The script loads the replay module and records what visitors see and do. Every form field is masked; elements with data-loupe-block are left out."
      />
      <TextField label="Sessions recorded (percent)" name="replaySampleRate" type="number" min={0} max={100} step={1} required defaultValue={record.replaySampleRate} hint="Decided once per browser session; 0 records nothing" />
      <TextField label="Keep recordings (days)" name="replayRetentionDays" type="number" min={1} max={365} step={1} required defaultValue={record.replayRetentionDays} hint="Older recordings are deleted by the store" />
      <TextAreaField name="replayMaskTextSelectors" defaultValue={record.replayMaskTextSelectors.join('\n')} label="Mask the text of" hint="One CSS selector per line, e.g. .account-balance; their text is replaced by asterisks" spellCheck={false} />
    </SettingsForm>
  );
}

export function ExclusionsSection({ record, readOnly }: SectionProps) {
  const bodyOf = (form: FormData) => Object.fromEntries(EXCLUSION_LISTS.map((list) => [list, linesOf(String(form.get(list) ?? ''))]));
  return (
    <SettingsForm site={record.id} title="Exclusions" saveLabel="Save exclusions" bodyOf={bodyOf} readOnly={readOnly}>
      <p className="text-sm text-slate-600 dark:text-slate-400">Visits matching any of these are not recorded.</p>
      {EXCLUSION_LISTS.map((list) => (
        <TextAreaField key={list} name={list} defaultValue={record[list].join('\n')} label={EXCLUSION_LABELS[list].label} hint={EXCLUSION_LABELS[list].hint} spellCheck={false} />
      ))}
    </SettingsForm>
  );
}
