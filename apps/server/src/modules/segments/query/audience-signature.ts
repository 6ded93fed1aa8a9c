/**
 * A canonical text of an audience query, equal for queries that only differ in spelling: defaults filled,
 * keys in a stable order, `buildtype` dropped (the field fixes it), the first item's ignored `type` set to
 * 'and', `in` values sorted and deduplicated. Used to find "the same audience" (name + domain + signature).
 */
import { type AudienceItem, type AudienceQuery, audienceQuerySchema, splitAudienceItem } from '@pushdeck/contracts';

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function canonicalList(items: readonly AudienceItem[]): Json[] {
  return items.map((item, index): Json => {
    const part = splitAudienceItem(item);
    const type = index === 0 ? 'and' : part.join;
    if (part.kind === 'group') return { group: { filters: canonicalList(part.group.filters), type } };
    const { operator, values, filters } = part.condition;
    const canonicalValues =
      operator === 'in'
        ? [...new Set(values)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)) // one kind per field: no mixed compare
        : values;
    const body: { [key: string]: Json } = { operator, type, values: canonicalValues };
    if (filters && filters.length > 0) body.filters = canonicalList(filters);
    return { [part.field]: body };
  });
}

/** JSON with every object's keys sorted. */
export function canonicalJson(value: Json): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  const keys = Object.keys(value).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(value[k] ?? null)}`).join(',')}}`;
}

export function audienceSignature(query: AudienceQuery): string {
  return canonicalJson({ filters: canonicalList(audienceQuerySchema.parse(query).filters) });
}
