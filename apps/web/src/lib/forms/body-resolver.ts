import { zodResolver } from '@hookform/resolvers/zod';
import { INFRA_MSG } from '@pushdeck/contracts';
import type { FieldValues, Path, Resolver, UseFormReturn } from 'react-hook-form';
import { z } from 'zod';

/** One message per field, keyed by its dotted path. */
export type FlatErrors = Record<string, string>;

const valueAt = (value: unknown, path: readonly string[]): unknown =>
  path.reduce<unknown>(
    (v, key) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[key] : undefined),
    value,
  );

/**
 * The resolver of a form whose fields are named like its request body: the values become the body
 * (`toBody`: numbers from the inputs' text, a password only when typed) and the contracts' body schema checks it;
 * at each path of `passwords` (dotted) a password must be typed, since none is kept there. Every message at once.
 */
export function bodyResolver<V extends FieldValues, B extends FieldValues>(
  toBody: (values: V) => unknown,
  body: z.ZodType<B>,
  passwords: readonly string[],
): Resolver<V, unknown, B> {
  let schema: z.ZodType<B> = z.preprocess((values) => toBody(values as V), body);
  for (const dotted of passwords) {
    const path = dotted.split('.');
    schema = schema.refine((b) => Boolean(valueAt(b, path)), {
      path,
      message: INFRA_MSG.fillRequired,
      when: () => true,
    });
  }
  return zodResolver(schema as z.ZodType<B, V>) as unknown as Resolver<V, unknown, B>;
}

/** The form's messages as one map keyed by dotted path (what the fields and DbConfigFields read). */
export function flatErrors(errors: object, prefix = '', out: FlatErrors = {}): FlatErrors {
  for (const [key, error] of Object.entries(errors)) {
    if (!error || typeof error !== 'object') continue;
    const path = prefix ? `${prefix}.${key}` : key;
    if ('type' in error && typeof (error as { message?: unknown }).message === 'string') {
      out[path] = (error as { message: string }).message;
    } else if (key !== 'ref') flatErrors(error, path, out);
  }
  return out;
}

/** A 422's per-field messages (dotted keys, as the server names them) in place of the form's messages. */
export function setFieldErrors<V extends FieldValues>(
  form: Pick<UseFormReturn<V, unknown, FieldValues>, 'setError' | 'clearErrors'>,
  errors: FlatErrors,
): void {
  form.clearErrors();
  for (const [key, message] of Object.entries(errors)) form.setError(key as Path<V>, { type: 'server', message });
}
