/** Normalises a raw querystring object into flat bracket keys, and splits a key into its base and brackets. */

export type RawValue = string | string[];

/**
 * Flat `key → string | string[]` entries, in input order. Fastify's default parser already gives flat keys
 * (`'where[id]': '5'`); nested objects from a qs-style parser are flattened back to bracket keys so both read alike.
 * Returns the keys whose values cannot be read (nested arrays of objects and the like) separately.
 */
export function flattenQuery(raw: Record<string, unknown>): { entries: Map<string, RawValue>; invalid: string[] } {
  const entries = new Map<string, RawValue>();
  const invalid: string[] = [];
  const visit = (key: string, value: unknown, nested: boolean): void => {
    if (value === undefined || value === null) {
      entries.set(key, '');
    } else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      entries.set(key, String(value));
    } else if (Array.isArray(value)) {
      if (!value.every((v) => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean')) {
        invalid.push(key);
        return;
      }
      // qs turns `a[b][]=1&a[b][]=2` into `{a: {b: ['1','2']}}`; give it back its brackets.
      entries.set(nested ? `${key}[]` : key, value.map(String));
    } else if (typeof value === 'object') {
      for (const [sub, v] of Object.entries(value)) visit(`${key}[${sub}]`, v, true);
    } else {
      invalid.push(key);
    }
  };
  for (const [key, value] of Object.entries(raw)) visit(key, value, false);
  return { entries, invalid };
}

export interface ParsedKey {
  base: string;
  /** Bracket contents in order; a trailing `''` means the key ended in `[]`. */
  segments: string[];
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

export function parseKey(key: string): ParsedKey | undefined {
  const match = KEY.exec(key);
  if (!match) return undefined;
  const brackets = match[2] ?? '';
  const segments = brackets === '' ? [] : brackets.slice(1, -1).split('][');
  return { base: match[1] ?? '', segments };
}
