// errors.js: uncaught errors and unhandled rejections raised by the page's own origin (third-party scripts ignored).
import { moduleCore } from '../modules.js';
import type { Core, Properties } from '../types.js';

function ownOrigin(file: string): boolean {
  try {
    return new URL(file).origin === location.origin;
  } catch {
    return false;
  }
}

function details(error: Error | undefined, message: string, extra: Properties): Properties {
  return { message: String(error?.message || message).slice(0, 500), stack: String(error?.stack || '').slice(0, 2000), ...extra };
}

const core = moduleCore<Core>();
if (core) {
  let budget = 50;
  const report = (error: Error | undefined, message: string, extra: Properties) => {
    if (budget-- > 0) core.t('error', error?.name || 'Error', details(error, message, extra));
  };
  addEventListener('error', (event: ErrorEvent) => {
    // Cross-origin scripts surface as "Script error." with no file: ownOrigin('') is false, so they are dropped.
    if (!ownOrigin(event.filename)) return;
    const error = event.error instanceof Error ? event.error : undefined;
    report(error, event.message, { fileName: event.filename, lineNumber: event.lineno, columnNumber: event.colno });
  });
  addEventListener('unhandledrejection', (event: PromiseRejectionEvent) => {
    const reason: unknown = event.reason;
    const error = reason instanceof Error ? reason : undefined;
    const stack = error?.stack || '';
    // A rejection whose stack names other origins but not this one comes from someone else's script.
    if (stack.includes('://') && !stack.includes(location.origin)) return;
    report(error, String(reason), { type: 'unhandledrejection' });
  });
}
