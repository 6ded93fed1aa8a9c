import { MSG } from '@pushdeck/contracts';
import type { FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.ts';
import type { App } from './types.ts';

function fieldName(instancePath: string, params: Record<string, unknown> | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').split('/').join('.');
  const missing = params?.missingProperty;
  return fromPath || (typeof missing === 'string' ? missing : '') || '_';
}

/**
 * busboy (under @fastify/multipart) reports a malformed multipart body (no or an oversized boundary, a part cut off)
 * with plain Errors while the body is read, before any handler runs: the client's fault, so a 400.
 */
const MALFORMED_MULTIPART = /multipart|boundary|needle/i;

/** One error body for everything: `{message, errors?}`; 422 for validation; never a stack trace; no 500 for input. */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string[]> = {};
      for (const issue of error.validation) {
        const key = fieldName(issue.instancePath, issue.params as Record<string, unknown>);
        errors[key] = [...(errors[key] ?? []), issue.message ?? 'Invalid value.'];
      }
      const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
      return reply.status(422).send({ message: first, errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .status(error.statusCode)
        .send(error.errors ? { message: error.message, errors: error.errors } : { message: error.message });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Server Error' });
    }
    if (error.statusCode === undefined && request.isMultipart() && MALFORMED_MULTIPART.test(error.message)) {
      return reply.status(400).send({ message: MSG.malformedMultipart });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ message: error.message || MSG.error });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Server Error' });
  });
}
