// SegmentControls: the applied segment as a removable chip, the saved segments menu, and saving the current filters.
import { useState } from 'react';
import { useSegments } from '../../api/people-queries';
import { Button, FOCUS_RING } from '../button';
import { useSiteAccess } from '../public-access/read-only';
import { SaveSegmentDialog } from './save-segment-dialog';
import { SegmentListDialog } from './segment-list-dialog';
import type { Filter } from '../../view-state/filters';

export interface SegmentControlsProps {
  readonly site: string;
  readonly filters: readonly Filter[];
  readonly segment: number | undefined;
  /** Applies a segment (undefined: none); with `filters`, also replaces the filters. */
  readonly onSegment: (segment: number | undefined, filters?: Filter[]) => void;
}

export function SegmentControls({ site, filters, segment, onSegment }: SegmentControlsProps) {
  const { readOnly } = useSiteAccess();
  const [dialog, setDialog] = useState<'list' | 'save' | undefined>(undefined);
  // The list is asked only when it is shown or a segment is applied (its name is shown).
  const segments = useSegments(site, segment !== undefined);
  const applied = segments.data?.find((entry) => entry.segmentId === segment);
  const name = applied?.name ?? (segments.isPending ? '…' : `#${segment ?? ''}`);
  return (
    <>
      {segment === undefined ? null : (
        <span data-testid="segment-chip" className="flex items-center gap-1 rounded-full bg-emerald-100 py-1 pl-3 pr-1 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
          <span>Segment: {name}</span>
          <button type="button" aria-label={`Remove segment ${name}`} className={`rounded-full px-2 hover:bg-emerald-200 dark:hover:bg-emerald-900 ${FOCUS_RING}`} onClick={() => onSegment(undefined)}>×</button>
        </span>
      )}
      <Button variant="secondary" onClick={() => setDialog('list')}>Segments</Button>
      {!readOnly && filters.length > 0 ? <Button variant="secondary" onClick={() => setDialog('save')}>Save as segment</Button> : null}
      <SegmentListDialog
        site={site}
        open={dialog === 'list'}
        applied={segment}
        readOnly={readOnly}
        onApply={(chosen) => {
          setDialog(undefined);
          onSegment(chosen.segmentId);
        }}
        onDeleted={(segmentId) => {
          if (segmentId === segment) onSegment(undefined);
        }}
        onClose={() => setDialog(undefined)}
      />
      {readOnly ? null : (
        <SaveSegmentDialog
          site={site}
          filters={filters}
          open={dialog === 'save'}
          onClose={() => setDialog(undefined)}
          onSaved={(saved) => {
            setDialog(undefined);
            // The saved segment now stands for these filters: applied in their place, the figures stay the same
            // (unless another segment is applied: its filters are not part of the new one, so the view stays as it is).
            if (segment === undefined) onSegment(saved.segmentId, []);
          }}
        />
      )}
    </>
  );
}
