// useToggleWhileSaving: what a checkbox that saves on change shows while its change is on its way. The value asked
// for is kept in the click's own event, so the controlled box never snaps back to the stored value in the moment
// before the save's pending state arrives (the query library reports that state a tick later).
import { useState } from 'react';

export interface ToggleWhileSaving {
  readonly checked: boolean;
  /** Call in the change handler, with the value the box was changed to. */
  readonly ask: (value: boolean) => void;
  /** Call when the save has settled (stored, or refused): the stored value shows again. */
  readonly settle: () => void;
}

export function useToggleWhileSaving(stored: boolean): ToggleWhileSaving {
  const [asked, setAsked] = useState<boolean | null>(null);
  return { checked: asked ?? stored, ask: setAsked, settle: () => setAsked(null) };
}
