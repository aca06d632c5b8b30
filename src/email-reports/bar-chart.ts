// The report mail's chart: one bar per day of the period (visitors), drawn into a raster and encoded as PNG on the
// server, so every mail client shows it without loading anything from elsewhere.
import { encodePng } from './png-encoder.js';

export const CHART_WIDTH = 560;
export const CHART_HEIGHT = 160;
const BACKGROUND = [255, 255, 255] as const;
const BAR = [79, 70, 229] as const;
const AXIS = [203, 213, 225] as const;
const PADDING = 8;

/** Where bar `index` of `count` stands and how tall it is (pixels), for the drawing and its test. */
export function barBox(values: readonly number[], index: number): { x0: number; x1: number; top: number; bottom: number } {
  const max = Math.max(1, ...values);
  const slot = (CHART_WIDTH - 2 * PADDING) / Math.max(1, values.length);
  const gap = Math.max(1, Math.floor(slot * 0.2));
  const x0 = Math.round(PADDING + index * slot + gap / 2);
  const x1 = Math.max(x0 + 1, Math.round(PADDING + (index + 1) * slot - gap / 2));
  const bottom = CHART_HEIGHT - PADDING;
  const height = Math.round(((values[index] ?? 0) / max) * (CHART_HEIGHT - 2 * PADDING));
  return { x0, x1, top: bottom - height, bottom };
}

export function barChartPng(values: readonly number[]): Buffer {
  const pixels = new Uint8Array(CHART_WIDTH * CHART_HEIGHT * 3);
  const paint = (x: number, y: number, colour: readonly [number, number, number]) => pixels.set(colour, (y * CHART_WIDTH + x) * 3);
  for (let y = 0; y < CHART_HEIGHT; y += 1) for (let x = 0; x < CHART_WIDTH; x += 1) paint(x, y, BACKGROUND);
  values.forEach((_, index) => {
    const box = barBox(values, index);
    for (let y = box.top; y < box.bottom; y += 1) for (let x = box.x0; x < box.x1; x += 1) paint(x, y, BAR);
  });
  for (let x = PADDING; x < CHART_WIDTH - PADDING; x += 1) paint(x, CHART_HEIGHT - PADDING, AXIS);
  return encodePng({ width: CHART_WIDTH, height: CHART_HEIGHT, pixels });
}
