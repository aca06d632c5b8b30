// The x axis of a bucket chart: buckets are drawn at their indexes, ticked on whole ones and named by a short label.

/** Tick spacings, in buckets, uPlot may choose from: whole numbers only, so no bucket is named twice. */
export const WHOLE_BUCKET_STEPS: readonly number[] = [1, 2, 3, 4, 6, 12, 24, 48, 96, 192, 384, 768, 1536, 3072, 6144];

/** A bucket start (`YYYY-MM-DD HH:mm:ss`) as a tick label: `MM-DD` at midnight, else `HH:mm`. */
export function shortBucketLabel(time: string): string {
  return time.endsWith('00:00:00') ? time.slice(5, 10) : time.slice(11, 16);
}

/** The tick labels for tick positions (bucket indexes; a tick off the series gets an empty label). */
export function bucketTickLabels(labels: readonly string[], ticks: readonly number[]): string[] {
  return ticks.map((tick) => shortBucketLabel(labels[Math.round(tick)] ?? ''));
}
