// ConfirmDeleteDialog: asks before deleting something saved (a goal, a funnel); shows the API's error if it fails.
import { Button } from '../button';
import { Dialog } from '../dialog';
import { ErrorMessage } from '../error-message';

export interface ConfirmDeleteDialogProps {
  /** What is deleted, e.g. `goal “Pricing”`. */
  readonly what: string;
  readonly pending: boolean;
  readonly error: unknown;
  readonly onConfirm: () => void;
  readonly onClose: () => void;
}

export function ConfirmDeleteDialog({ what, pending, error, onConfirm, onClose }: ConfirmDeleteDialogProps) {
  return (
    <Dialog open title="Delete?" onClose={onClose}>
      <p className="mb-3 text-sm">Delete the {what}? This cannot be undone.</p>
      <ErrorMessage error={error} />
      <div className="mt-3 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onClose}>Cancel</Button>
        <Button className="bg-red-700 hover:bg-red-800 disabled:bg-red-400" disabled={pending} onClick={onConfirm}>Delete</Button>
      </div>
    </Dialog>
  );
}
