import type { z } from 'zod';
import { ValidationError } from '../../lib/errors.ts';

type Input = Record<string, unknown> | null | undefined;

/**
 * The spec sends tag fields as query parameters; a JSON body works too (its values win). Validates the merged
 * fields with `schema` and answers 422 with per-field messages.
 */
export function tagInput<S extends z.ZodType>(schema: S, query: Input, body: Input): z.output<S> {
  const defined = (o: Input) => Object.fromEntries(Object.entries(o ?? {}).filter(([, v]) => v !== undefined));
  const result = schema.safeParse({ ...defined(query), ...defined(body) });
  if (result.success) return result.data;
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new ValidationError(errors);
}
