// SegmentListDialog: the site's saved segments to apply; who may write also renames, publishes and deletes them.
import { useState, type FormEvent } from 'react';
import { useDeleteSegment, useSegments, useUpdateSegment } from '../../api/people-queries';
import type { Segment } from '../../api/people-types';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import { useToggleWhileSaving } from '../use-toggle-while-saving';

export interface SegmentListDialogProps {
  readonly site: string;
  readonly open: boolean;
  readonly applied: number | undefined;
  /** True for viewers who may only read (public dashboard): apply only. */
  readonly readOnly: boolean;
  readonly onApply: (segment: Segment) => void;
  /** After a segment is deleted (the view drops it when it was applied). */
  readonly onDeleted: (segmentId: number) => void;
  readonly onClose: () => void;
}

function SegmentEditor({ site, segment, onDeleted }: { site: string; segment: Segment; onDeleted: (segmentId: number) => void }) {
  const update = useUpdateSegment(site);
  const remove = useDeleteSegment(site);
  const [name, setName] = useState(segment.name);
  const publicToggle = useToggleWhileSaving(segment.isPublic);
  const rename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ segmentId: segment.segmentId, change: { name: name.trim() } });
  };
  return (
    <div className="flex flex-col gap-2">
      <form onSubmit={rename} className="flex flex-wrap items-end gap-2">
        <TextField label={`Name of ${segment.name}`} value={name} required maxLength={100} onChange={(event) => setName(event.target.value)} />
        <Button type="submit" variant="secondary" disabled={update.isPending || name.trim() === '' || name.trim() === segment.name}>Rename</Button>
      </form>
      <CheckboxField
        label={`Public: ${segment.name}`}
        checked={publicToggle.checked}
        disabled={update.isPending}
        onChange={(event) => {
          const isPublic = event.target.checked;
          publicToggle.ask(isPublic);
          update.mutate({ segmentId: segment.segmentId, change: { isPublic } }, { onSettled: publicToggle.settle });
        }}
      />
      <div>
        <Button variant="secondary" disabled={remove.isPending} onClick={() => remove.mutate(segment.segmentId, { onSuccess: () => onDeleted(segment.segmentId) })}>Delete {segment.name}</Button>
      </div>
      <ErrorMessage error={update.error ?? remove.error} />
    </div>
  );
}

export function SegmentListDialog({ site, open, applied, readOnly, onApply, onDeleted, onClose }: SegmentListDialogProps) {
  const segments = useSegments(site, open);
  const rows = segments.data ?? [];
  return (
    <Dialog open={open} title="Saved segments" onClose={onClose}>
      <ErrorMessage error={segments.error} />
      {open && segments.isLoading ? <p className="text-sm">Loading…</p> : null}
      {segments.isSuccess && rows.length === 0 ? <p className="text-sm">No saved segment yet. Add filters, then save them as a segment.</p> : null}
      <ul aria-label="Saved segments" className="flex max-h-[60vh] flex-col gap-3 overflow-y-auto">
        {rows.map((segment) => (
          <li key={segment.segmentId} data-segment-id={segment.segmentId} className="flex flex-col gap-2 rounded-md border border-slate-200 p-3 dark:border-slate-700">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">{segment.name}{segment.isPublic ? <span className="ml-2 text-xs text-slate-600 dark:text-slate-400">public</span> : null}</span>
              <Button disabled={segment.segmentId === applied} onClick={() => onApply(segment)}>{segment.segmentId === applied ? 'Applied' : `Apply ${segment.name}`}</Button>
            </div>
            {readOnly ? null : <SegmentEditor key={`${segment.segmentId}-${segment.updatedAt}`} site={site} segment={segment} onDeleted={onDeleted} />}
          </li>
        ))}
      </ul>
    </Dialog>
  );
}
