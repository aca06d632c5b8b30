// AnnotationDialog: adds an annotation at a date (prefilled from the clicked bucket), or shows one to edit or delete,
// offering only what the caller's role allows.
import { useId, useState, type FormEvent } from 'react';
import { useCreateAnnotation, useDeleteAnnotation, useUpdateAnnotation } from '../../api/people-queries';
import type { Annotation } from '../../api/types';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { TextAreaField } from '../settings/text-area-field';
import { CONTROL } from '../report-kit/period-picker';
import { wallTimeIn, wallToLocalInput, zonedWallToIso } from '../report-kit/chart-annotations';
import { canChangeAnnotation, canCreateAnnotation, canUseOrganizationScope } from './annotation-rights';
import { useAnnotationViewer } from './use-annotation-viewer';

export type AnnotationTarget = { readonly kind: 'new'; readonly wall: string } | { readonly kind: 'edit'; readonly annotation: Annotation };

const COLORS = ['amber', 'rose', 'sky', 'violet', 'lime'] as const;

interface FormProps { readonly site: string; readonly timeZone: string; readonly target: AnnotationTarget; readonly organizationScope: boolean; readonly onDone: () => void }

function AnnotationForm({ site, timeZone, target, organizationScope, onDone }: FormProps) {
  const id = useId();
  const existing = target.kind === 'edit' ? target.annotation : undefined;
  const [title, setTitle] = useState(existing?.title ?? '');
  const [initialWhen] = useState(() => wallToLocalInput(existing ? wallTimeIn(existing.date, timeZone) : target.kind === 'new' ? target.wall : ''));
  const [when, setWhen] = useState(initialWhen);
  const [description, setDescription] = useState(existing?.description ?? '');
  const [color, setColor] = useState(existing?.color ?? '');
  const [isPublic, setPublic] = useState(existing?.isPublic ?? false);
  const [scope, setScope] = useState<'site' | 'organization'>(existing?.siteId === null ? 'organization' : 'site');
  const create = useCreateAnnotation(site);
  const update = useUpdateAnnotation(site);
  const remove = useDeleteAnnotation(site);
  const date = zonedWallToIso(when, timeZone);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (date === undefined) return;
    const fields = { title: title.trim(), isPublic, ...(organizationScope ? { scope } : {}) };
    if (existing) {
      // The input has minutes only: the stored date is sent back only when it was changed.
      const moved = when === initialWhen ? {} : { date };
      update.mutate({ annotationId: existing.annotationId, change: { ...fields, ...moved, description: description.trim() || null, color: color === '' ? null : (color as (typeof COLORS)[number]) } }, { onSuccess: onDone });
    } else {
      create.mutate({ ...fields, date, ...(description.trim() ? { description: description.trim() } : {}), ...(color ? { color: color as (typeof COLORS)[number] } : {}) }, { onSuccess: onDone });
    }
  };
  const busy = create.isPending || update.isPending || remove.isPending;
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <TextField label="Title" value={title} required maxLength={120} onChange={(event) => setTitle(event.target.value)} />
      <TextField label={`Date and time (${timeZone})`} type="datetime-local" value={when} required onChange={(event) => setWhen(event.target.value)} />
      <TextAreaField label="Description (optional)" hint="Up to 2,000 characters" value={description} maxLength={2000} onChange={(event) => setDescription(event.target.value)} />
      <div className="flex flex-wrap gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-color`} className="text-sm font-medium">Color</label>
          <select id={`${id}-color`} className={CONTROL} value={color} onChange={(event) => setColor(event.target.value)}>
            <option value="">Default</option>
            {COLORS.map((name) => <option key={name} value={name}>{name}</option>)}
          </select>
        </div>
        {organizationScope ? (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-scope`} className="text-sm font-medium">Shown on</label>
            <select id={`${id}-scope`} className={CONTROL} value={scope} onChange={(event) => setScope(event.target.value === 'organization' ? 'organization' : 'site')}>
              <option value="site">This site</option>
              <option value="organization">Every site of the organization</option>
            </select>
          </div>
        ) : null}
      </div>
      <CheckboxField label="Public" hint="Shown to viewers of the public dashboard" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
      <ErrorMessage error={create.error ?? update.error ?? remove.error} />
      <div className="flex flex-wrap justify-end gap-2">
        {existing ? <Button variant="secondary" disabled={busy} onClick={() => remove.mutate(existing.annotationId, { onSuccess: onDone })}>Delete annotation</Button> : null}
        <Button type="submit" disabled={busy || title.trim() === '' || date === undefined}>{existing ? 'Save annotation' : 'Add annotation'}</Button>
      </div>
    </form>
  );
}

function AnnotationDetails({ annotation, timeZone }: { annotation: Annotation; timeZone: string }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="font-medium">{annotation.title}</p>
      <p>{wallTimeIn(annotation.date, timeZone)} ({timeZone}){annotation.siteId === null ? ', on every site of the organization' : ''}</p>
      {annotation.description ? <p className="whitespace-pre-wrap">{annotation.description}</p> : null}
      <p className="text-slate-600 dark:text-slate-400">Only its author or an organization admin may change it.</p>
    </div>
  );
}

export function AnnotationDialog({ site, timeZone, target, onClose }: { site: string; timeZone: string; target: AnnotationTarget | undefined; onClose: () => void }) {
  const { viewer, loading } = useAnnotationViewer(site, target !== undefined);
  const editable = target === undefined ? false : target.kind === 'new' ? canCreateAnnotation(viewer) : canChangeAnnotation(target.annotation, viewer);
  const title = target?.kind === 'edit' ? (editable ? 'Edit annotation' : 'Annotation') : 'Add an annotation';
  const key = target === undefined ? 'none' : target.kind === 'new' ? `new-${target.wall}` : `edit-${target.annotation.annotationId}-${target.annotation.updatedAt}`;
  return (
    <Dialog open={target !== undefined} title={title} onClose={onClose}>
      {target === undefined ? null : loading ? <p className="text-sm">Loading…</p> : editable ? (
        <AnnotationForm key={key} site={site} timeZone={timeZone} target={target} organizationScope={canUseOrganizationScope(viewer)} onDone={onClose} />
      ) : target.kind === 'edit' ? <AnnotationDetails annotation={target.annotation} timeZone={timeZone} /> : (
        <p className="text-sm">Only members of the site's organization may add annotations.</p>
      )}
    </Dialog>
  );
}
