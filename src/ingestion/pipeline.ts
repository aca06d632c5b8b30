// The ingestion pipeline: named steps that return ok(value) or drop(reason), run in order, every outcome counted.

/** Why an event was not stored as a human event. A closed union: each has its response and its counter. */
export type DropReason =
  | 'site_not_found'
  | 'invalid_api_key'
  | 'rate_limited'
  | 'origin_mismatch'
  | 'excluded_ip'
  | 'excluded_country'
  | 'excluded_path'
  | 'excluded_hostname'
  | 'excluded_user_agent'
  | 'do_not_track'
  | 'visit_ended'
  | 'bot';

export interface Drop {
  readonly kind: 'drop';
  readonly reason: DropReason;
  readonly message?: string;
  readonly retryAfterSeconds?: number;
}

export interface Ok {
  readonly kind: 'ok';
}

export type StepResult = Ok | Drop;

const OK: Ok = { kind: 'ok' };

export function ok(): Ok {
  return OK;
}

export function drop(reason: DropReason, extra: { message?: string; retryAfterSeconds?: number } = {}): Drop {
  return { kind: 'drop', reason, ...extra };
}

/** A step reads and enriches the shared context; it may be async. */
export interface Step<C> {
  readonly name: string;
  run(context: C): StepResult | Promise<StepResult>;
}

export class PipelineCounters {
  readonly stored = { count: 0 };
  readonly dropped = new Map<DropReason, number>();

  record(result: StepResult): void {
    if (result.kind === 'ok') this.stored.count += 1;
    else this.dropped.set(result.reason, (this.dropped.get(result.reason) ?? 0) + 1);
  }

  snapshot(): Record<string, number> {
    return { stored: this.stored.count, ...Object.fromEntries(this.dropped) };
  }
}

/**
 * Runs steps in order and stops at the first drop. While the steps answer synchronously so does this (no promise
 * per call: the tracking call's checks usually all do, from caches); from the first step that answers with a
 * promise on, the rest run after it and the result is a promise.
 */
export function runSteps<C>(steps: readonly Step<C>[], context: C): StepResult | Promise<StepResult> {
  return runStepsFrom(steps, context, 0);
}

function runStepsFrom<C>(steps: readonly Step<C>[], context: C, first: number): StepResult | Promise<StepResult> {
  for (let index = first; index < steps.length; index++) {
    const step = steps[index];
    if (step === undefined) break;
    const answer = step.run(context);
    if (answer instanceof Promise) {
      return answer.then((result) => (result.kind === 'drop' ? result : runStepsFrom(steps, context, index + 1)));
    }
    if (answer.kind === 'drop') return answer;
  }
  return OK;
}
