// The error a stats query parameter raises when it is invalid; the HTTP layer answers 400 `{ error }`.
import { BadRequestError } from '../platform/http/app-errors.js';

/** A bad common reporting parameter. `message` names it; `parameter` is its query name. */
export class StatsParamError extends BadRequestError {
  override readonly name = 'StatsParamError';
  readonly parameter: string;

  constructor(parameter: string, message: string) {
    super(message);
    this.parameter = parameter;
  }
}
