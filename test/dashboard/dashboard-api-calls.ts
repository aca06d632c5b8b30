// The API calls the dashboard's source makes (every apiRequest in web/src, and every report asked through
// useReport or reportQuery), read from its text: each call's
// method and path shape, a path parameter written `{}` and the query string left out (`GET /api/sites/{}/metric`).
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { projectPath } from '../../src/platform/project-path.js';

export interface DashboardCall {
  readonly method: string;
  readonly path: string;
  /** The source file, relative to web/src. */
  readonly file: string;
}

const WEB_SRC = projectPath('web', 'src');
const OPENERS = new Set(['(', '{', '[']);
const CLOSERS = new Set([')', '}', ']']);

/** The text from the bracket at `open` to its matching close. */
function bracketed(text: string, open: number): string {
  let depth = 0;
  for (let index = open; index < text.length; index++) {
    const char = text.charAt(index);
    if (OPENERS.has(char)) depth++;
    else if (CLOSERS.has(char) && --depth === 0) return text.slice(open, index + 1);
  }
  throw new Error(`unbalanced brackets from offset ${open}`);
}

/** A template literal's body as a path shape: `${…}` after a slash is a parameter, anywhere else the query string. */
function pathShape(template: string): string {
  let shape = '';
  let index = 0;
  while (index < template.length) {
    if (template.startsWith('${', index)) {
      const hole = bracketed(template, index + 1);
      if (shape.endsWith('/')) shape += '{}';
      index += 1 + hole.length;
    } else {
      shape += template.charAt(index);
      index++;
    }
  }
  return shape;
}

/** The dashboard's path helpers (web/src/api/*-queries.ts) and the path each stands for, `${…}` for a parameter. */
function withHelpersSpelledOut(text: string): string {
  return text
    .replaceAll(/\$\{webhookPath\([^)]*\)\}/g, '/api/sites/${s}/webhooks/${w}')
    .replaceAll(/\$\{webhooksPath\([^)]*\)\}/g, '/api/sites/${s}/webhooks')
    .replaceAll(/\bwebhookPath\([^)]*\)/g, '`/api/sites/${s}/webhooks/${w}`')
    .replaceAll(/\bwebhooksPath\([^)]*\)/g, '`/api/sites/${s}/webhooks`');
}

/** Helpers called as `helper(id, '/rest')` (or a template): the path before the rest. */
const PREFIX_HELPERS: ReadonlyArray<readonly [RegExp, string]> = [
  [/sitePath\(\s*\w+,\s*(?:'(\/[^']*)'|`(\/[^`]*)`)/g, '/api/sites/{}'],
  [/organizationPath\(\s*\w+,\s*(?:'(\/[^']*)'|`(\/[^`]*)`)/g, '/api/organizations/{}'],
];

/** The API paths written in `text`: quoted, templated, or through one of the dashboard's path helpers. */
function pathsIn(source: string): string[] {
  const text = withHelpersSpelledOut(source);
  const literals = [...text.matchAll(/'(\/api\/[^']*)'|`(\/api\/[^`]*)`/g)].map((match) => pathShape(match[1] ?? match[2] ?? ''));
  const helped = PREFIX_HELPERS.flatMap(([pattern, prefix]) => [...text.matchAll(pattern)].map((match) => `${prefix}${pathShape(match[1] ?? match[2] ?? '')}`));
  return [...literals, ...helped];
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.(test|d)\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Every apiRequest call of the dashboard with its method (GET unless the call names another) and path shape. */
export function dashboardCalls(): DashboardCall[] {
  const calls: DashboardCall[] = [];
  for (const path of sourceFiles(WEB_SRC)) {
    const text = readFileSync(path, 'utf8');
    const file = relative(WEB_SRC, path);
    for (const call of text.matchAll(/\bapiRequest(?:<[^>(]*>)?\(/g)) {
      if (text.slice(0, call.index).endsWith('function ')) continue;
      const args = bracketed(text, call.index + call[0].length - 1);
      const method = /method: '([A-Z]+)'/.exec(args)?.[1] ?? 'GET';
      let paths = pathsIn(args);
      // A path held in a variable: the literals of its declaration.
      const variable = /^\((\w+)[,)]/.exec(args)?.[1];
      if (paths.length === 0 && variable !== undefined) paths = pathsIn(new RegExp(`const ${variable} = [^;]*;`).exec(text)?.[0] ?? '');
      if (paths.length === 0) throw new Error(`${file}: an apiRequest whose path is not read: ${args.slice(0, 80)}`);
      for (const shape of paths) calls.push({ method, path: shape, file });
    }
    // Reports asked through the typed report hook (web/src/api/report-query.ts): GET, the path as the document spells it.
    for (const call of text.matchAll(/\b(?:useReport|reportQuery)\(\s*'(\/api\/[^']*)'/g)) {
      calls.push({ method: 'GET', path: (call[1] ?? '').replace(/\{[^}]+\}/g, '{}'), file });
    }
  }
  return calls;
}
