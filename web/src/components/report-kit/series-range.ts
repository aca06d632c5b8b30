// The y range of a series chart: from 0 to a little above the largest value, with the lowest guide always in view.

export function yRange(values: ReadonlyArray<number | null>, guides: readonly number[]): [number, number] {
  const drawn = values.filter((value): value is number => value !== null);
  const top = Math.max(0, ...drawn, ...(guides.length ? [Math.min(...guides)] : []));
  return [0, top === 0 ? 1 : top * 1.1];
}
