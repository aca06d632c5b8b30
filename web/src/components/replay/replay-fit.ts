// How the recorded viewport fits the player: scaled down (never up) to the width available, keeping its shape.

export interface Viewport {
  readonly width: number;
  readonly height: number;
}

/** The scale that fits `recorded` into `availableWidth` pixels: at most 1, and 1 while either is unknown. */
export function fitScale(recorded: Viewport | null, availableWidth: number): number {
  if (!recorded || recorded.width <= 0 || availableWidth <= 0) return 1;
  return Math.min(1, availableWidth / recorded.width);
}

/** The box the scaled viewport takes in the page (whole pixels, rounded up so nothing is cut). */
export function fittedBox(recorded: Viewport, scale: number): Viewport {
  return { width: Math.ceil(recorded.width * scale), height: Math.ceil(recorded.height * scale) };
}
