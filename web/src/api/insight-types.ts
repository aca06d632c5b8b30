// The API shapes the journeys, retention and errors pages read, all from the generated schema.d.ts.
import type { GetResponse } from './types';

export type JourneysAnswer = GetResponse<'/api/sites/{site}/journeys'>;
export type Journey = JourneysAnswer['journeys'][number];

export type RetentionAnswer = GetResponse<'/api/sites/{site}/retention'>;
export type RetentionTable = RetentionAnswer['data'];
export type RetentionMode = RetentionTable['mode'];

export type ErrorNamesAnswer = GetResponse<'/api/sites/{site}/errors/names'>;
export type ErrorEventsAnswer = GetResponse<'/api/sites/{site}/errors/events'>;
export type ErrorTimeSeriesAnswer = GetResponse<'/api/sites/{site}/errors/time-series'>;

/** The answer of a list that pages when asked (`{data: rows}` or `{data: {data: rows, totalCount}}`). */
type PagedData<Answer> = Answer extends { data: infer D } ? D : never;
type RowOf<Answer> = PagedData<Answer> extends ReadonlyArray<infer Row> | { data: ReadonlyArray<infer Row> } ? Row : never;

export type ErrorGroup = RowOf<ErrorNamesAnswer>;
export type ErrorOccurrence = RowOf<ErrorEventsAnswer>;
export type ErrorBucket = ErrorTimeSeriesAnswer['data'][number];

export interface CountedRows<Row> {
  readonly rows: readonly Row[];
  /** All the rows the list holds, when the API said (it does when asked for a page). */
  readonly totalCount: number | undefined;
}

/** The rows of a paged answer, and its total when it carries one. */
export function countedRows<Row>(data: readonly Row[] | { data: readonly Row[]; totalCount: number }): CountedRows<Row> {
  return 'totalCount' in data ? { rows: data.data, totalCount: data.totalCount } : { rows: data, totalCount: undefined };
}
