/** Parses the spec's Laravel-style list parameters against a resource's allow-list; bad input throws a 422. */
import { ValidationError } from '../errors.ts';
import { coerceValue, parseFlag, parseIntInRange } from './coerce-value.ts';
import {
  DEFAULT_MAX_LIMIT,
  DEFAULT_MAX_PAGE_LENGTH,
  DEFAULT_PAGE_LENGTH,
  type FieldSpec,
  type FilterValue,
  type ListQuerySpec,
  MAX_IN_LIST,
  MAX_SEARCH_LENGTH,
  type ParsedListQuery,
  type RelationSpec,
  type WhereCondition,
} from './list-query-types.ts';
import { flattenQuery, parseKey, type RawValue } from './query-input.ts';

const SCALARS = ['order_by', 'select', 'limit', 'offset', 'paginate', 'page', 'pageLength', 'group_by', 'search'];

type Errors = Record<string, string[]>;
const fail = (errors: Errors, key: string, message: string): void => {
  errors[key] = [...(errors[key] ?? []), message];
};
const own = <T>(record: Readonly<Record<string, T>> | undefined, key: string): T | undefined =>
  record && Object.hasOwn(record, key) ? record[key] : undefined;

/** A condition from a `where`-style value: `null` → IS NULL, a `[]` key → IN, else equality. */
function condition(field: string, spec: FieldSpec, value: RawValue, isList: boolean, key: string, errors: Errors) {
  const column = spec.column ?? field;
  const base = { field, column, type: spec.type };
  if (!isList) {
    if (Array.isArray(value)) return fail(errors, key, `${key} must be a single value.`);
    if (value === 'null') return { ...base, op: 'is null', value: null } satisfies WhereCondition;
    const c = coerceValue(spec.type, value, key);
    return c.ok ? ({ ...base, op: '=', value: c.value } satisfies WhereCondition) : fail(errors, key, c.message);
  }
  const items = Array.isArray(value) ? value : [value];
  if (items.length > MAX_IN_LIST) return fail(errors, key, `${key} may not have more than ${MAX_IN_LIST} items.`);
  const values: FilterValue[] = [];
  for (const item of items) {
    const c = coerceValue(spec.type, item, key);
    if (!c.ok) return fail(errors, key, c.message);
    values.push(c.value);
  }
  return { ...base, op: 'in', value: values } satisfies WhereCondition;
}

function relationField(relation: RelationSpec, field: string): FieldSpec | undefined {
  if (Array.isArray(relation)) return relation.includes(field) ? { type: 'string' } : undefined;
  return own(relation as Readonly<Record<string, FieldSpec>>, field);
}

/** Validates the raw querystring against `spec`; throws `ValidationError` (422) naming each bad parameter. */
export function parseListQuery(raw: Record<string, unknown>, spec: ListQuerySpec): ParsedListQuery {
  const errors: Errors = {};
  const out: ParsedListQuery = { where: [], whereRelation: [], with: [], orderBy: [], extra: {} };
  const scalars = new Map<string, string>();
  const { entries, invalid } = flattenQuery(raw);
  for (const key of invalid) fail(errors, key, `${key} is not a valid parameter value.`);

  for (const [key, value] of entries) {
    if (spec.extraParams?.includes(key)) {
      out.extra[key] = value;
      continue;
    }
    const parsed = parseKey(key);
    const segs = parsed?.segments ?? [];
    const isList = segs.at(-1) === '';
    const named = isList ? segs.slice(0, -1) : segs;
    if (parsed?.base === 'where' && named.length === 1) {
      const field = named[0] ?? '';
      const fieldSpec = own(spec.fields, field);
      if (!fieldSpec || fieldSpec.filterable === false) fail(errors, key, `Unknown field ${field}.`);
      else {
        const c = condition(field, fieldSpec, value, isList, key, errors);
        if (c) out.where.push(c);
      }
    } else if (parsed?.base === 'whereRelation' && named.length === 2) {
      const [relation = '', field = ''] = named;
      const relSpec = own(spec.relations, relation);
      const fieldSpec = relSpec && relationField(relSpec, field);
      if (!relSpec) fail(errors, key, `Unknown relation ${relation}.`);
      else if (!fieldSpec || fieldSpec.filterable === false) fail(errors, key, `Unknown field ${field}.`);
      else {
        const c = condition(field, fieldSpec, value, isList, key, errors);
        if (c) out.whereRelation.push({ ...c, relation });
      }
    } else if (parsed?.base === 'with' && segs.length === 1) {
      const relation = segs[0] ?? '';
      if (!own(spec.relations, relation)) fail(errors, key, `Unknown relation ${relation}.`);
      else if (value !== '*' && value !== '') fail(errors, key, `${key} only accepts *.`);
      else out.with.push(relation);
    } else if (parsed && segs.length === 0 && SCALARS.includes(parsed.base)) {
      if (Array.isArray(value)) fail(errors, key, `${key} must be a single value.`);
      else if (value.trim() !== '') scalars.set(key, value.trim());
    } else {
      fail(errors, key, `Unknown parameter ${key}.`);
    }
  }

  parseScalars(scalars, spec, out, errors);
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  return out;
}

function parseScalars(scalars: Map<string, string>, spec: ListQuerySpec, out: ParsedListQuery, errors: Errors): void {
  const int = (key: string, min: number, max: number): number | undefined => {
    const text = scalars.get(key);
    if (text === undefined) return undefined;
    const c = parseIntInRange(text, key, min, max);
    if (c.ok) return c.value;
    fail(errors, key, c.message);
    return undefined;
  };
  const column = (field: string): string => own(spec.fields, field)?.column ?? field;

  const orderBy = scalars.get('order_by');
  if (orderBy === undefined) {
    out.orderBy = (spec.defaultOrder ?? []).map(({ field, dir }) => ({ field, column: column(field), dir }));
  } else {
    for (const part of orderBy.split(',')) {
      const [rawField = '', rawDir = 'asc', ...rest] = part.split(':').map((s) => s.trim());
      const dir = rawDir.toLowerCase();
      const fieldSpec = own(spec.fields, rawField);
      if (!fieldSpec || fieldSpec.sortable === false) fail(errors, 'order_by', `Unknown sort field ${rawField}.`);
      else if ((dir !== 'asc' && dir !== 'desc') || rest.length > 0) {
        fail(errors, 'order_by', `Sort direction must be asc or desc, got ${part.trim()}.`);
      } else out.orderBy.push({ field: rawField, column: column(rawField), dir });
    }
  }

  const select = scalars.get('select');
  if (select !== undefined) {
    const fields = [...new Set(select.split(',').map((s) => s.trim()))].filter((s) => s !== '');
    const unknown = fields.filter((f) => own(spec.fields, f)?.selectable === false || !own(spec.fields, f));
    if (unknown.length > 0) fail(errors, 'select', `Unknown field ${unknown.join(', ')}.`);
    else out.select = fields.map((field) => ({ field, column: column(field) }));
  }

  const groupBy = scalars.get('group_by');
  if (groupBy !== undefined) {
    if (spec.groupable?.includes(groupBy)) out.groupBy = { field: groupBy, column: column(groupBy) };
    else fail(errors, 'group_by', `Unknown group field ${groupBy}.`);
  }

  const search = scalars.get('search');
  if (search !== undefined) {
    if (search.length > MAX_SEARCH_LENGTH)
      fail(errors, 'search', `search may not be longer than ${MAX_SEARCH_LENGTH} characters.`);
    else if (search.includes('\u0000')) fail(errors, 'search', 'search contains an invalid character.');
    else out.search = search;
  }

  const limit = int('limit', 0, spec.maxLimit ?? DEFAULT_MAX_LIMIT);
  const offset = int('offset', 0, Number.MAX_SAFE_INTEGER);
  if (limit !== undefined) out.limit = limit;
  if (offset !== undefined) out.offset = offset;

  const paginateText = scalars.get('paginate');
  const paginate = paginateText === undefined ? undefined : parseFlag(paginateText, 'paginate');
  if (paginate && !paginate.ok) fail(errors, 'paginate', paginate.message);
  const pageLength = int('pageLength', 1, spec.maxPageLength ?? DEFAULT_MAX_PAGE_LENGTH) ?? DEFAULT_PAGE_LENGTH;
  const page = int('page', 1, Math.floor(Number.MAX_SAFE_INTEGER / pageLength)) ?? 1;
  if (paginate?.ok && paginate.value) out.pagination = { page, pageLength };
}
