// JavaScript error events: type and message as each engine words them, with a matching stack and location.
import type { Engine, ErrorsTable } from './catalog-schema.js';
import type { Prng } from './prng.js';
import { WeightedPicker } from './weighted-picker.js';

export interface ErrorReport {
  /** The error type, stored as event_name. */
  readonly eventName: string;
  /** The serialised `{message, stack?, fileName, lineNumber, columnNumber}` document. */
  readonly props: string;
}

type ErrorEntry = ErrorsTable['errors'][number];

interface ErrorVariant {
  readonly weight: number;
  readonly paths: readonly string[] | undefined;
  readonly byEngine: Readonly<Record<Engine, ErrorReport>>;
}

function formatReport(entry: ErrorEntry, engine: Engine, origin: string, bundles: readonly string[]): ErrorReport {
  const type = entry.type[engine];
  const message = entry.message[engine];
  const frames = entry.frames.map(([fn, bundle, line, column]) => ({
    fn,
    url: origin + (bundles[bundle] ?? bundles[0] ?? ''),
    line,
    column,
  }));
  const first = frames[0];
  const stackLines =
    engine === 'v8'
      ? [`${type}: ${message}`, ...frames.map((f) => `    at ${f.fn} (${f.url}:${f.line}:${f.column})`)]
      : frames.map((f) => `${f.fn}@${f.url}:${f.line}:${f.column}`);
  const props = first
    ? { message, stack: stackLines.join('\n'), fileName: first.url, lineNumber: first.line, columnNumber: first.column }
    : { message, fileName: '', lineNumber: 0, columnNumber: 0 };
  return { eventName: type, props: JSON.stringify(props) };
}

export class ErrorReports {
  private readonly anywhere: WeightedPicker<ErrorVariant>;
  /** For pages with page-specific bugs: those bugs plus the ones seen anywhere. */
  private readonly byPath = new Map<string, WeightedPicker<ErrorVariant>>();

  constructor(table: ErrorsTable, origin: string) {
    const variants = table.errors.map((entry) => ({
      weight: entry.weight,
      paths: entry.paths,
      byEngine: {
        v8: formatReport(entry, 'v8', origin, table.bundles),
        jsc: formatReport(entry, 'jsc', origin, table.bundles),
        gecko: formatReport(entry, 'gecko', origin, table.bundles),
      },
    }));
    const everywhere = variants.filter((variant) => variant.paths === undefined);
    this.anywhere = new WeightedPicker(everywhere, everywhere.map((variant) => variant.weight));
    const paths = new Set(variants.flatMap((variant) => variant.paths ?? []));
    for (const path of paths) {
      const here = variants.filter((variant) => variant.paths === undefined || variant.paths.includes(path));
      this.byPath.set(path, new WeightedPicker(here, here.map((variant) => variant.weight)));
    }
  }

  /** An error seen on `pathname` in a browser with `engine`; page-specific bugs only on their pages. */
  draw(rng: Prng, engine: Engine, pathname: string): ErrorReport {
    return (this.byPath.get(pathname) ?? this.anywhere).pick(rng).byEngine[engine];
  }
}
