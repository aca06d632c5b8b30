// The body of a batch post, parsed from its bytes where the mapping runs (off the event loop): JSON nested too
// deep is refused before parsing, then the body's shape is checked as the route's schema documents it.
import { MAX_JSON_DEPTH, nestsDeeperThan } from './files/json-depth.js';
import { BatchBodySchema } from './import.schema.js';

export interface BatchBody {
  readonly events: readonly unknown[];
  readonly isLastBatch: boolean;
}

/** A refused body, in the shape body validation answers: the message and each field's messages. */
export interface BodyProblem {
  readonly message: string;
  readonly fieldErrors: Readonly<Record<string, string[]>>;
  readonly formErrors: readonly string[];
}

function formProblem(message: string): BodyProblem {
  return { message: `Invalid body: ${message}`, fieldErrors: {}, formErrors: [message] };
}

export function parseBatchBody(text: string): BatchBody | BodyProblem {
  if (nestsDeeperThan(text, MAX_JSON_DEPTH + 2)) return formProblem(`nested deeper than ${MAX_JSON_DEPTH} levels`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return formProblem('not valid JSON');
  }
  const parsed = BatchBodySchema.safeParse(value);
  if (parsed.success) return { events: parsed.data.events, isLastBatch: parsed.data.isLastBatch ?? false };
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const issue of parsed.error.issues) {
    const field = issue.path.map(String).join('.');
    if (field) (fieldErrors[field] ??= []).push(issue.message);
    else formErrors.push(issue.message);
  }
  const first = Object.keys(fieldErrors)[0];
  const message = first ? `Invalid body '${first}': ${fieldErrors[first]?.[0] ?? ''}` : `Invalid body: ${formErrors[0] ?? 'malformed'}`;
  return { message, fieldErrors, formErrors };
}

export function isBodyProblem<T extends object>(value: T | BodyProblem): value is BodyProblem {
  return 'formErrors' in value;
}
