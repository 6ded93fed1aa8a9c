import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import type { FastifyError, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { HttpError } from '../lib/errors.ts';
import type { App } from './types.ts';

function fieldName(instancePath: string, params: Record<string, unknown> | undefined): string {
  const fromPath = instancePath.replace(/^\//, '').split('/').join('.');
  const missing = params?.missingProperty;
  return fromPath || (typeof missing === 'string' ? missing : '') || '_';
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The message of a 422 on a route whose body is a list of drips (`config.dripList`): the first bad item named by its
 * id (when it has one), title and place in the list, and the field — 'Drip “Deals” (item 2): audiences — Required.' —
 * so a caller sending many (the copy tools) knows which one stopped the call. Anything else keeps `message`.
 */
function listMessage(request: FastifyRequest, errors: Record<string, string[]>, message: string): string {
  if (!request.routeOptions.config?.dripList) return message;
  const [key, texts] = Object.entries(errors)[0] ?? [];
  const match = key ? /^(\d+)\.(.+)$/.exec(key) : null;
  if (!match || !texts?.[0]) return message;
  const body: unknown = request.body;
  const list = Array.isArray(body) ? body : isRecord(body) && Array.isArray(body.drips) ? body.drips : [body];
  const index = Number(match[1]);
  const item = isRecord(list[index]) ? list[index] : {};
  const id = Number(item.id);
  return DRIP_MSG.named(
    {
      id: Number.isSafeInteger(id) && id > 0 ? id : undefined,
      title: item.title,
      item: list.length > 1 ? index + 1 : undefined,
    },
    match[2]!,
    texts[0],
  );
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
      return reply.status(422).send({ message: listMessage(request, errors, first), errors });
    }
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      if (!error.errors) return reply.status(error.statusCode).send({ message: error.message });
      const message = error.statusCode === 422 ? listMessage(request, error.errors, error.message) : error.message;
      return reply.status(error.statusCode).send({ message, errors: error.errors });
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
