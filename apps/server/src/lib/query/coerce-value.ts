/** Turns querystring strings into typed values; every failure is a message for a 422, never an exception. */
import type { FieldType, FilterValue } from './list-query-types.ts';

export type Coerced<T> = { ok: true; value: T } | { ok: false; message: string };

const INT = /^-?\d{1,16}$/;
const DATE = /^([1-9]\d{3})-(\d{2})-(\d{2})$/;
const TIMESTAMP =
  /^([1-9]\d{3}-\d{2}-\d{2})(?:[ T]([01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,6})?)?)?(?:Z|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?$/;
export const MAX_STRING_LENGTH = 1000;

function isCalendarDate(text: string): boolean {
  const m = DATE.exec(text);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/** Coerces a filter value to the field's declared type; `label` is the parameter name used in the message. */
export function coerceValue(type: FieldType, text: string, label: string): Coerced<FilterValue> {
  if (text.includes('\u0000')) return { ok: false, message: `${label} contains an invalid character.` };
  switch (type) {
    case 'int': {
      const n = Number(text);
      return INT.test(text) && Number.isSafeInteger(n)
        ? { ok: true, value: n }
        : { ok: false, message: `${label} must be an integer.` };
    }
    case 'bool': {
      const t = text.toLowerCase();
      if (t === '1' || t === 'true') return { ok: true, value: true };
      if (t === '0' || t === 'false') return { ok: true, value: false };
      return { ok: false, message: `${label} must be true, false, 1 or 0.` };
    }
    case 'date':
      return isCalendarDate(text)
        ? { ok: true, value: text }
        : { ok: false, message: `${label} must be a date (YYYY-MM-DD).` };
    case 'timestamp': {
      const m = TIMESTAMP.exec(text);
      return m && isCalendarDate(m[1] ?? '')
        ? { ok: true, value: text }
        : { ok: false, message: `${label} must be a date-time (YYYY-MM-DD HH:MM:SS).` };
    }
    case 'string':
      return text.length <= MAX_STRING_LENGTH
        ? { ok: true, value: text }
        : { ok: false, message: `${label} may not be longer than ${MAX_STRING_LENGTH} characters.` };
  }
}

/** A whole number in `min..max`, as `limit`, `offset`, `page` and `pageLength` need. */
export function parseIntInRange(text: string, label: string, min: number, max: number): Coerced<number> {
  const n = Number(text);
  if (!/^\d{1,16}$/.test(text) || !Number.isSafeInteger(n)) {
    return { ok: false, message: `${label} must be an integer.` };
  }
  if (n < min) return { ok: false, message: `${label} must be at least ${min}.` };
  if (n > max) return { ok: false, message: `${label} may not be greater than ${max}.` };
  return { ok: true, value: n };
}

/** `true`/`1` or `false`/`0`, as `paginate` takes. */
export function parseFlag(text: string, label: string): Coerced<boolean> {
  return coerceValue('bool', text, label) as Coerced<boolean>;
}
