// What an MCP tool is here: a name and title, a description an assistant can act on, what it does to the
// data, the scope it needs, a Zod input shape, and the HTTP route it calls (so every rule of the HTTP API
// applies unchanged).
import { z } from 'zod';
import type { Scope } from '../platform/http/principal.js';
import type { ToolEffect } from './tool-annotations.js';

export interface RouteCall {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly url: string;
  readonly body?: unknown;
}

/** What a client is told about a tool, and the scope a key needs to be shown it. */
export interface ToolInfo<S extends z.ZodRawShape = z.ZodRawShape> {
  readonly name: string;
  /** Short human-readable name shown by clients. */
  readonly title: string;
  readonly description: string;
  readonly effect: ToolEffect;
  readonly scope: Scope;
  readonly input: S;
}

export interface ToolDefinition<S extends z.ZodRawShape = z.ZodRawShape> extends ToolInfo<S> {
  readonly route: (args: z.output<z.ZodObject<S>>) => RouteCall;
}

/** Keeps each definition's argument types while collecting them in one list. */
export function tool<S extends z.ZodRawShape>(definition: ToolDefinition<S>): ToolDefinition {
  return definition as unknown as ToolDefinition;
}

export const siteId = z.union([z.string().min(1), z.number().int().min(1)]).describe('Numeric siteId or 12-hex public id; get it from list_sites first');

const filter = z.object({
  parameter: z.string().describe('dimension, e.g. channel, pathname, country, browser, utm_campaign, url_param:<name>'),
  type: z.string().describe('equals, not_equals, contains, not_contains, starts_with, ends_with, regex, not_regex, is_null, is_not_null, greater_than, less_than, ...'),
  value: z.array(z.union([z.string(), z.number()])),
});

/** The common reporting parameters of every report. */
export const commonParams = {
  start_date: z.string().optional().describe('first local day, YYYY-MM-DD (with end_date)'),
  end_date: z.string().optional().describe('last local day, YYYY-MM-DD, inclusive'),
  time_zone: z.string().optional().describe('IANA time zone, default UTC'),
  start_datetime: z.string().optional().describe('YYYY-MM-DD HH:mm:ss, UTC unless an offset is given'),
  end_datetime: z.string().optional(),
  past_minutes_start: z.number().optional().describe('window start in minutes before now (e.g. 60)'),
  past_minutes_end: z.number().optional().describe('window end in minutes before now (e.g. 0)'),
  filters: z.array(filter).optional().describe('ANDed filters; values of one filter are ORed'),
  segment_id: z.number().int().optional().describe('apply a saved segment'),
};

type QueryValue = string | number | boolean | undefined | null | readonly unknown[];

/** Builds a query string; arrays and objects (filters) are sent as JSON. */
export function queryString(values: Readonly<Record<string, QueryValue | unknown>>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    search.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** Splits a tool's arguments into the site id and the rest (query parameters). */
export function sitePath(args: { siteId: string | number } & Record<string, unknown>, path: string, extra: Record<string, unknown> = {}): string {
  const { siteId: site, ...rest } = args;
  return `/api/sites/${encodeURIComponent(String(site))}${path}${queryString({ ...rest, ...extra })}`;
}
