// The bucket chart's x axis: short labels for midnight and other buckets, ticks on and off the series.
import { describe, expect, it } from 'vitest';
import { bucketTickLabels, shortBucketLabel, WHOLE_BUCKET_STEPS } from './bucket-axis';

describe('bucket axis', () => {
  it.each([
    ['2026-03-20 00:00:00', '03-20'],
    ['2026-03-20 13:45:00', '13:45'],
    ['2026-03-20 00:30:00', '00:30'],
    ['', ''],
  ])('labels %s as %s', (time, label) => {
    expect(shortBucketLabel(time)).toBe(label);
  });

  it('names each tick by the bucket it stands on, and a tick past the series by nothing', () => {
    const labels = ['2026-03-19 00:00:00', '2026-03-20 00:00:00', '2026-03-20 12:00:00'];
    expect(bucketTickLabels(labels, [0, 1, 2, 3])).toEqual(['03-19', '03-20', '12:00', '']);
  });

  it('offers only whole, increasing tick steps', () => {
    expect(WHOLE_BUCKET_STEPS.every((step, index) => Number.isInteger(step) && step > (WHOLE_BUCKET_STEPS[index - 1] ?? 0))).toBe(true);
  });
});
