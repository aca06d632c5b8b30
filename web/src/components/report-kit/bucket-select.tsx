// BucketSelect: the labelled select of a time series' bucket, among those that suit the period.
import { useId } from 'react';
import { BUCKET_LABELS, type Bucket } from '../../view-state/period';
import { CONTROL } from './period-picker';

export function BucketSelect({ bucket, buckets, onBucket }: { bucket: Bucket; buckets: readonly Bucket[]; onBucket: (bucket: Bucket) => void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium">Bucket</label>
      <select id={id} className={CONTROL} value={bucket} onChange={(event) => onBucket(event.target.value as Bucket)}>
        {buckets.map((name) => <option key={name} value={name}>{BUCKET_LABELS[name]}</option>)}
      </select>
    </div>
  );
}
