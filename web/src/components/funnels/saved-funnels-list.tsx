// SavedFunnelsList: the site's saved funnels, each openable and (for editors) deletable.
import type { SavedFunnel } from '../../api/goals-types';
import { Button } from '../button';

export interface SavedFunnelsListProps {
  readonly funnels: readonly SavedFunnel[];
  /** The funnel shown, if it is a saved one. */
  readonly openId: number | undefined;
  readonly onOpen: (funnel: SavedFunnel) => void;
  /** Absent for read-only visitors. */
  readonly onDelete?: (funnel: SavedFunnel) => void;
}

export function SavedFunnelsList({ funnels, openId, onOpen, onDelete }: SavedFunnelsListProps) {
  return (
    <ul data-testid="saved-funnels" className="flex flex-col">
      {funnels.map((funnel) => (
        <li key={funnel.funnelId} data-funnel-id={funnel.funnelId} className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-100 py-2 first:border-0 dark:border-slate-800">
          <span className="min-w-0 wrap-anywhere">
            <span className="font-medium">{funnel.name}</span>
            <span className="block text-xs text-slate-600 dark:text-slate-400">{funnel.steps.length} steps{funnel.funnelId === openId ? ' · shown' : ''}</span>
          </span>
          <span className="flex gap-1">
            <Button variant="secondary" className="min-h-8 px-2 py-1" aria-label={`Open ${funnel.name}`} aria-current={funnel.funnelId === openId ? 'true' : undefined} onClick={() => onOpen(funnel)}>Open</Button>
            {onDelete ? <Button variant="secondary" className="min-h-8 px-2 py-1" aria-label={`Delete ${funnel.name}`} onClick={() => onDelete(funnel)}>Delete</Button> : null}
          </span>
        </li>
      ))}
    </ul>
  );
}
