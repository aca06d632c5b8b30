// SaveSegmentDialog: saves the current filters as a named segment (public or not) through POST /segments.
import { useState, type FormEvent } from 'react';
import { useCreateSegment } from '../../api/people-queries';
import type { Segment } from '../../api/people-types';
import { Button } from '../button';
import { CheckboxField } from '../checkbox-field';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';
import { TextField } from '../text-field';
import type { Filter } from '../../view-state/filters';

export interface SaveSegmentDialogProps {
  readonly site: string;
  readonly filters: readonly Filter[];
  readonly open: boolean;
  readonly onClose: () => void;
  readonly onSaved: (segment: Segment) => void;
}

export function SaveSegmentDialog({ site, filters, open, onClose, onSaved }: SaveSegmentDialogProps) {
  const create = useCreateSegment(site);
  const [name, setName] = useState('');
  const [isPublic, setPublic] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ name: name.trim(), filters: [...filters], isPublic }, {
      onSuccess: (segment) => {
        setName('');
        setPublic(false);
        onSaved(segment);
      },
    });
  };
  return (
    <Dialog open={open} title="Save filters as a segment" onClose={onClose}>
      <form onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm text-slate-600 dark:text-slate-400">{filters.length} {filters.length === 1 ? 'filter' : 'filters'} will be saved under this name.</p>
        <TextField label="Segment name" value={name} required maxLength={100} onChange={(event) => setName(event.target.value)} />
        <CheckboxField label="Public" hint="Viewers of the public dashboard can apply it too" checked={isPublic} onChange={(event) => setPublic(event.target.checked)} />
        <ErrorMessage error={create.error} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>Cancel</Button>
          <Button type="submit" disabled={create.isPending || name.trim() === ''}>Save segment</Button>
        </div>
      </form>
    </Dialog>
  );
}
