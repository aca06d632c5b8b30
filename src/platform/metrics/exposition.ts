// Prometheus text exposition format 0.0.4: label escaping, sample lines and number rendering.

export const EXPOSITION_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

export type Labels = Readonly<Record<string, string>>;

/** Backslash, double quote and line feed are escaped inside label values; nothing else is. */
function escapeLabelValue(value: string): string {
  return value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n');
}

/** HELP text escapes backslash and line feed. */
export function escapeHelp(text: string): string {
  return text.replaceAll('\\', '\\\\').replaceAll('\n', '\\n');
}

export function formatNumber(value: number): string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Number.POSITIVE_INFINITY) return '+Inf';
  if (value === Number.NEGATIVE_INFINITY) return '-Inf';
  return String(value);
}

/** `name{a="x",b="y"} value`, labels in the order given; no braces when there are none. */
export function sampleLine(name: string, labels: Labels, value: number): string {
  const pairs = Object.entries(labels).map(([key, labelValue]) => `${key}="${escapeLabelValue(labelValue)}"`);
  return `${name}${pairs.length > 0 ? `{${pairs.join(',')}}` : ''} ${formatNumber(value)}`;
}

/**
 * A stable key for a label set, used to find a series again: names and values joined by control characters
 * (which label names never hold), without the arrays and JSON text of each call (it runs on every request).
 */
export function labelKey(labels: Labels): string {
  let key = '';
  for (const name in labels) key += `${name}\u0001${labels[name] ?? ''}\u0002`;
  return key;
}
