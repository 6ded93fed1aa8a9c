import { MSG } from '@pushdeck/contracts';
import { ValidationError } from '../lib/errors.ts';
import type { App } from './types.ts';

/** Most fields one answer names: a body of a million bad strings still gets a short 422. */
const MAX_REPORTED = 20;

/**
 * Text PostgreSQL cannot take: a NUL character (text and jsonb refuse it) or an unpaired UTF-16 surrogate (jsonb
 * refuses its `\uD800` escape; text would silently store U+FFFD instead, losing what was sent).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE = /[\u0000\p{Cs}]/u;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding NUL is the point
const UNSTORABLE_ALL = /[\u0000\p{Cs}]/gu;

export const isStorableText = (s: string): boolean => !UNSTORABLE.test(s);

const printable = (key: string) => key.replace(UNSTORABLE_ALL, '\ufffd');

/** Field paths (`subscription.endpoint`, `0.title`, `where[name]`) of every string or key that is not storable text. */
export function unstorableTextPaths(value: unknown, root = ''): string[] {
  const found: string[] = [];
  // iterative: a body nested 20,000 levels deep must not overflow the stack
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0 && found.length < MAX_REPORTED) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (!isStorableText(v)) found.push(path || '_');
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i -= 1) stack.push([v[i], path ? `${path}.${i}` : String(i)]);
    } else if (v !== null && typeof v === 'object' && !(v instanceof Uint8Array)) {
      for (const [k, child] of Object.entries(v).reverse()) {
        const childPath = path ? `${path}.${printable(k)}` : printable(k);
        if (!isStorableText(k)) found.push(childPath);
        else stack.push([child, childPath]);
      }
    }
  }
  return found.slice(0, MAX_REPORTED);
}

/**
 * One rule at the boundary, before any route's own validation: every string and key of the path params, the query
 * and the body must be storable text, or the request is a 422 naming the fields. Uploaded files (Buffers) are bytes,
 * not text, and are not looked at.
 */
export function registerInputTextCheck(app: App): void {
  app.addHook('preValidation', async (request) => {
    const paths = [
      ...unstorableTextPaths(request.params),
      ...unstorableTextPaths(request.query),
      ...unstorableTextPaths(request.body),
    ];
    if (paths.length === 0) return;
    throw new ValidationError(Object.fromEntries(paths.map((p) => [p, [MSG.invalidText]])));
  });
}
