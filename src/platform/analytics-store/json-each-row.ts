// JSONEachRow encoding and decoding shared by both analytics store implementations.
import type { AnalyticsRow } from './analytics-store.js';

export function parseJsonEachRow<T>(text: string): T[] {
  const rows: T[] = [];
  for (const line of text.split('\n')) {
    if (line.length > 0) rows.push(JSON.parse(line) as T);
  }
  return rows;
}

export function toJsonEachRow(rows: readonly AnalyticsRow[]): string {
  let out = '';
  for (const row of rows) out += JSON.stringify(row) + '\n';
  return out;
}
