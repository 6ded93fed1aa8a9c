/** One line of an audit entry's change: a field with its value before and after ('' field: the whole value). */
export interface ChangeLine {
  field: string;
  /** null: the field was not there (a creation, or a field added). */
  before: string | null;
  /** null: the field is gone (a deletion, or a field removed). */
  after: string | null;
}

type Plain = Record<string, unknown>;

const isPlain = (value: unknown): value is Plain =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A stored value as plain text: strings as they are, lists comma-separated, anything else as compact JSON. */
export function formatValue(value: unknown): string {
  if (value === null || value === undefined) return '(none)';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map(formatValue).join(', ');
  return JSON.stringify(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * before → after of an audit entry, field by field: every field of a creation or a deletion, only the fields that
 * changed in an update. Values are text for the screen to show as text (never markup).
 */
export function describeChange(before: unknown, after: unknown): ChangeLine[] {
  const hasBefore = before !== null && before !== undefined;
  const hasAfter = after !== null && after !== undefined;
  if (!hasBefore && !hasAfter) return [];
  if ((hasBefore && !isPlain(before)) || (hasAfter && !isPlain(after))) {
    return [{ field: '', before: hasBefore ? formatValue(before) : null, after: hasAfter ? formatValue(after) : null }];
  }
  const b: Plain = hasBefore ? (before as Plain) : {};
  const a: Plain = hasAfter ? (after as Plain) : {};
  const fields = [...new Set([...Object.keys(b), ...Object.keys(a)])];
  const lines: ChangeLine[] = [];
  for (const field of fields) {
    const inBefore = hasBefore && field in b;
    const inAfter = hasAfter && field in a;
    if (inBefore && inAfter && same(b[field], a[field])) continue;
    lines.push({
      field,
      before: inBefore ? formatValue(b[field]) : null,
      after: inAfter ? formatValue(a[field]) : null,
    });
  }
  return lines;
}
