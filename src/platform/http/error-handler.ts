// The one place errors become responses: `{ error, details?, required? }`, 5xx without internals.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError, RateLimitError, ServiceUnavailableError } from './app-errors.js';

interface ValidationIssue {
  readonly instancePath?: string;
  readonly message?: string;
  readonly params?: { issue?: { path?: readonly PropertyKey[]; message?: string } };
}

function flattenValidation(issues: readonly ValidationIssue[], context: string | undefined) {
  const fieldErrors: Record<string, string[]> = {};
  const formErrors: string[] = [];
  for (const issue of issues) {
    const path = issue.params?.issue?.path ?? issue.instancePath?.split('/').filter(Boolean) ?? [];
    const message = issue.params?.issue?.message ?? issue.message ?? 'Invalid value';
    const field = path.map(String).join('.');
    if (field) (fieldErrors[field] ??= []).push(message);
    else formErrors.push(message);
  }
  const where = context === 'querystring' ? 'query parameter' : context === 'params' ? 'path parameter' : 'body';
  const first = Object.keys(fieldErrors)[0];
  const message = first ? `Invalid ${where} '${first}': ${fieldErrors[first]?.[0] ?? ''}` : `Invalid ${where}: ${formErrors[0] ?? 'malformed'}`;
  return { message, details: { fieldErrors, formErrors } };
}

export function sendAppError(reply: FastifyReply, error: AppError): FastifyReply {
  if (error instanceof RateLimitError || error instanceof ServiceUnavailableError) {
    void reply.header('Retry-After', String(error.retryAfterSeconds));
  }
  return reply.status(error.statusCode).send({ error: error.message, ...error.extra });
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) {
      // A 503 says the server could not serve at that moment (a store full or busy): the operator should know.
      if (error.statusCode >= 500) request.log.warn({ err: error }, 'service unavailable');
      return sendAppError(reply, error);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const { message, details } = flattenValidation(error.validation, error.validationContext);
      return reply.status(400).send({ error: message, details });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const message = error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? 'Unsupported content type' : error.message;
      return reply.status(status).send({ error: message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ error: 'Internal server error' });
  });
  app.setNotFoundHandler((request, reply) => {
    return reply.status(404).send({ error: `Route ${request.method} ${request.url.split('?')[0] ?? ''} not found` });
  });
}
