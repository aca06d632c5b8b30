// How a goal reads an event's property and query parameter, written once for JavaScript and once for SQL, side by side.
import type { SqlFragment } from '../../stats/sql-fragment.js';

/**
 * An event property as text: a string as itself, a number or boolean as its JSON text, anything else
 * (missing, null, object, array, props not an object) as ''. Only top-level keys are read.
 */
export function propertyText(props: Readonly<Record<string, unknown>>, key: string): string {
  if (!Object.hasOwn(props, key)) return '';
  const value = props[key];
  if (typeof value === 'string') return value;
  // ClickHouse prints 1e+21 as 1e21; the rest of JSON's number text is the same in both.
  if (typeof value === 'number') return JSON.stringify(value).replace('e+', 'e');
  if (typeof value === 'boolean') return String(value);
  return '';
}

/**
 * `propertyText` over the `props` column, the key bound as `{<param>:String}`. The JSON type is checked
 * first because ClickHouse versions differ in what JSONExtractString returns for a non-string value.
 */
export function propertyTextSql(keyParam: string, key: string): SqlFragment {
  const k = `{${keyParam}:String}`;
  return {
    sql:
      `multiIf(JSONType(props, ${k}) = 'String', JSONExtractString(props, ${k}), ` +
      `JSONType(props, ${k}) IN ('Int64', 'UInt64', 'Double', 'Bool'), JSONExtractRaw(props, ${k}), '')`,
    params: { [keyParam]: key },
  };
}

/** A query parameter: keys are stored lowercased, so the key is lowercased; a missing one is ''. */
export function urlParameterText(parameters: Readonly<Record<string, string>>, key: string): string {
  const name = key.toLowerCase();
  return Object.hasOwn(parameters, name) ? (parameters[name] ?? '') : '';
}

/** `urlParameterText` over the `url_parameters` column. */
export function urlParameterTextSql(keyParam: string, key: string): SqlFragment {
  return { sql: `url_parameters[{${keyParam}:String}]`, params: { [keyParam]: key.toLowerCase() } };
}
