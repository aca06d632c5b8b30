// Typed application errors; platform/http/error-handler.ts turns them into the one error body.

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly extra: Readonly<Record<string, unknown>> = {},
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class BadRequestError extends AppError {
  constructor(message: string, details?: unknown) {
    super(400, message, details === undefined ? {} : { details });
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'Insufficient permission', required?: string) {
    super(403, message, required === undefined ? {} : { required });
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class RateLimitError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message);
  }
}

export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds = 1,
  ) {
    super(503, message);
  }
}
