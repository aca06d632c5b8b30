// Any report's answer as CSV (`format=csv` or `Accept: text/csv`): the rows are found in the answer by one
// rule per answer shape (docs/exports.md), every row's fields become columns, cells are formula-guarded.
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { CSV_CONTENT_TYPE, csvLine } from '../platform/http/csv-text.js';

export const ReportFormatParam = {
  format: z.enum(['json', 'csv']).optional().describe('json (default) or csv: the report\'s rows as CSV (also chosen by `Accept: text/csv`)'),
};

type Row = Readonly<Record<string, unknown>>;

function isRecord(value: unknown): value is Row {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isRowList(value: unknown): value is Row[] {
  return Array.isArray(value) && value.every(isRecord);
}

function isRecordOfRows(value: unknown): value is Readonly<Record<string, Row>> {
  return isRecord(value) && Object.keys(value).length > 0 && Object.values(value).every(isRecord);
}

/**
 * The rows of an answer, first rule that applies: (1) the answer's `data` (or the answer itself) is a list;
 * (2) it holds a `data` list (`{data: {data: [...], totalCount}}`); (3) it holds exactly one list of objects
 * (`{journeys: [...]}`, a session's `events`); (4) it holds an object of objects (retention's `cohorts`): one
 * row per entry, its name in a first `key` column; (5) otherwise it is one row.
 */
export function reportRows(answer: unknown): Row[] {
  const root = isRecord(answer) && 'data' in answer ? answer.data : answer;
  if (isRowList(root)) return root;
  if (!isRecord(root)) return [{ value: root }];
  if (isRowList(root.data)) return root.data;
  const lists = Object.values(root).filter(isRowList);
  if (lists.length === 1 && lists[0]) return lists[0];
  const keyed = Object.values(root).find(isRecordOfRows);
  if (keyed) return Object.entries(keyed).map(([key, row]) => ({ key, ...row }));
  return [root];
}

/** CSV of the rows: the columns are every field of every row in first-seen order; objects and lists are JSON text. */
export function reportCsv(answer: unknown): string {
  const rows = reportRows(answer);
  const columns = [...new Set(rows.flatMap((row) => Object.keys(row)))];
  return csvLine(columns) + rows.map((row) => csvLine(columns.map((column) => row[column]))).join('');
}

/** `format=csv`, or no `format` and an Accept header naming text/csv. */
export function wantsCsv(format: 'json' | 'csv' | undefined, accept: string | undefined): boolean {
  if (format !== undefined) return format === 'csv';
  return accept !== undefined && accept.toLowerCase().includes('text/csv');
}

/** Sends the answer as CSV, named after the report's path (`/overview/time-series` -> overview-time-series.csv). */
export function sendReportCsv(reply: FastifyReply, path: string, answer: unknown): FastifyReply {
  const name = path.split('/').filter((part) => part.length > 0 && !part.startsWith(':')).join('-') || 'report';
  return reply.type(CSV_CONTENT_TYPE).header('content-disposition', `attachment; filename="${name}.csv"`).send(reportCsv(answer));
}
