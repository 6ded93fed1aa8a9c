/**
 * Audience / segment query (spec part 1 §3, part 2 §3, §7): `{filters: [item, …]}`, each item either a condition
 * `{<field>: {type, operator, buildtype, values, filters?}}` or a group `{group: {type, filters}}`.
 *
 * Joining: an item's `type` says how it joins the result of the items before it in the same list (the first item's
 * `type` is ignored). Items fold LEFT TO RIGHT, no AND-over-OR precedence: `a AND b OR c AND d` means
 * `(((a AND b) OR c) AND d)`; use a group for any other grouping. A condition holding `filters` is that condition
 * followed by those filters, folded as one parenthesised unit. An empty top-level list means every subscriber.
 *
 * Matching: NULL matches only `!=`. Text `=`, `!=`, `in` are exact; `contains` and `starts with` ignore ASCII case only
 * (A–Z ≡ a–z, other letters exact: no database locale changes a result). Dates: `=` is the same UTC day; `>`, `<`,
 * `between` compare instants (a bare date is 00:00 UTC, a datetime without offset is UTC); `between` is inclusive.
 */
import { z } from 'zod';

export const AUDIENCE_FIELDS = {
  id: 'number',
  subscribable_id: 'string',
  device: 'string',
  os: 'string',
  browser: 'string',
  resolution: 'string',
  location: 'string',
  language: 'string',
  timezone: 'string',
  subscription_url: 'string',
  last_url_visited: 'string',
  last_drip_number: 'number',
  created_at: 'date',
  updated_at: 'date',
} as const;
export type AudienceField = keyof typeof AUDIENCE_FIELDS;
export const AUDIENCE_FIELD_NAMES = Object.keys(AUDIENCE_FIELDS) as AudienceField[];

export const AUDIENCE_KINDS = ['string', 'number', 'date'] as const;
export type AudienceKind = (typeof AUDIENCE_KINDS)[number];
export const AUDIENCE_OPERATORS = ['=', '!=', 'contains', 'starts with', 'in', '>', '<', 'between'] as const;
export type AudienceOperator = (typeof AUDIENCE_OPERATORS)[number];
export const AUDIENCE_JOINS = ['and', 'or'] as const;
export type AudienceJoin = (typeof AUDIENCE_JOINS)[number];

export const AUDIENCE_OPERATORS_BY_KIND: Record<AudienceKind, readonly AudienceOperator[]> = {
  string: ['=', '!=', 'contains', 'starts with', 'in'],
  number: ['=', '!=', '>', '<', 'between', 'in'],
  date: ['=', '>', '<', 'between'],
};

export const AUDIENCE_LIMITS = { filtersMax: 50, depthMax: 4, conditionsMax: 200, inValuesMax: 500, textMax: 1000 };

export const AUDIENCE_MSG = {
  itemShape: 'Each filter is an object with one key: a field name or "group".',
  unknownField: (key: string) => `Unknown field "${key}".`,
  unknownKey: (key: string) => `Unknown key "${key}".`,
  bodyShape: (key: string) => `${key} must be an object.`,
  joinType: 'type must be "and" or "or".',
  unknownOperator: (op: string) => `Unknown operator "${op}".`,
  operatorNotApplicable: (op: string, field: string) => `Operator "${op}" does not apply to ${field}.`,
  buildtype: (field: string, kind: string) => `${field} is a ${kind} field.`,
  valuesList: 'values must be a list.',
  betweenCount: 'between needs two values.',
  betweenOrder: 'between needs the lower value first.',
  inCount: `in needs 1 to ${AUDIENCE_LIMITS.inValuesMax} values.`,
  oneValue: (op: string) => `"${op}" needs one value.`,
  text: (field: string) => `${field} takes text values.`,
  textMax: `Values are at most ${AUDIENCE_LIMITS.textMax} characters.`,
  textInvalid: 'Values must be valid text.',
  wholeNumber: (field: string) => `${field} takes whole numbers.`,
  date: (field: string) => `${field} takes dates like 2024-05-31 or 2024-05-31T12:00:00Z.`,
  filtersList: 'filters must be a list.',
  filtersMax: `At most ${AUDIENCE_LIMITS.filtersMax} filters in one list.`,
  groupEmpty: 'A group needs at least one filter.',
  tooDeep: `Groups nest at most ${AUDIENCE_LIMITS.depthMax} levels deep.`,
  tooMany: `At most ${AUDIENCE_LIMITS.conditionsMax} conditions in one query.`,
} as const;
const M = AUDIENCE_MSG;
const DAY_MS = 86_400_000;
const DATE_RE =
  /^([1-9]\d{3})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date value as epoch ms (UTC), or undefined when it is not a real calendar date in years 1000–9998. */
export function parseAudienceDate(text: string): number | undefined {
  const m = DATE_RE.exec(text);
  if (!m) return undefined;
  const part = (i: number): number => Number(m[i] ?? 0);
  const [y, mo, d, h, mi, s] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const at = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  const day = new Date(at);
  if (y > 9998 || day.getUTCMonth() !== mo - 1 || day.getUTCDate() !== d || h > 23 || mi > 59 || s > 59)
    return undefined;
  const zone = /^([+-])(\d{2}):?(\d{2})$/.exec(m[8] ?? '');
  if (!zone) return at;
  const [hh, mm] = [Number(zone[2]), Number(zone[3])];
  if (hh > 23 || mm > 59) return undefined;
  return at - (zone[1] === '-' ? -1 : 1) * (hh * 60 + mm) * 60_000;
}

/** [00:00 UTC of the instant's UTC day, 00:00 UTC of the next day): what `=` on a date selects. */
export function audienceDayRange(epochMs: number): [number, number] {
  const start = Math.floor(epochMs / DAY_MS) * DAY_MS;
  return [start, start + DAY_MS];
}

type Problem = { path: (string | number)[]; message: string };
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const has = (list: readonly string[], v: unknown): boolean => typeof v === 'string' && list.includes(v);
const LONE_SURROGATE = /\p{Cs}/u;

function valueProblem(field: AudienceField, v: unknown): string | undefined {
  const kind = AUDIENCE_FIELDS[field];
  if (kind === 'number') return Number.isSafeInteger(v) ? undefined : M.wholeNumber(field);
  if (typeof v !== 'string') return kind === 'date' ? M.date(field) : M.text(field);
  if (kind === 'date') return parseAudienceDate(v) === undefined ? M.date(field) : undefined;
  if (v.length > AUDIENCE_LIMITS.textMax) return M.textMax;
  return v.includes('\u0000') || LONE_SURROGATE.test(v) ? M.textInvalid : undefined;
}

function valuesProblems(field: AudienceField, op: AudienceOperator, values: unknown): Problem[] {
  if (!Array.isArray(values)) return [{ path: ['values'], message: M.valuesList }];
  const count = values.length;
  if (op === 'between' && count !== 2) return [{ path: ['values'], message: M.betweenCount }];
  if (op === 'in' && (count < 1 || count > AUDIENCE_LIMITS.inValuesMax))
    return [{ path: ['values'], message: M.inCount }];
  if (op !== 'between' && op !== 'in' && count !== 1) return [{ path: ['values'], message: M.oneValue(op) }];
  const problems: Problem[] = [];
  values.forEach((v, i) => {
    const message = valueProblem(field, v);
    if (message) problems.push({ path: ['values', i], message });
  });
  if (problems.length === 0 && op === 'between') {
    const [lo, hi] = values.map((v) => (typeof v === 'string' ? parseAudienceDate(v) : v)) as [number, number];
    if (lo > hi) problems.push({ path: ['values'], message: M.betweenOrder });
  }
  return problems;
}

function bodyProblems(key: string, body: unknown, allowed: readonly string[]): Problem[] {
  if (!isRecord(body)) return [{ path: [], message: M.bodyShape(key) }];
  const problems: Problem[] = Object.keys(body)
    .filter((k) => !allowed.includes(k))
    .map((k) => ({ path: [k], message: M.unknownKey(k) }));
  if (body.type !== undefined && !has(AUDIENCE_JOINS, body.type))
    problems.push({ path: ['type'], message: M.joinType });
  const filters = body.filters;
  if (filters === undefined && key !== 'group') return problems;
  if (!Array.isArray(filters)) problems.push({ path: ['filters'], message: M.filtersList });
  else if (filters.length > AUDIENCE_LIMITS.filtersMax) problems.push({ path: ['filters'], message: M.filtersMax });
  else if (filters.length === 0 && key === 'group') problems.push({ path: ['filters'], message: M.groupEmpty });
  return problems;
}

function conditionProblems(field: AudienceField, body: unknown): Problem[] {
  const problems = bodyProblems(field, body, ['type', 'operator', 'buildtype', 'values', 'filters']);
  if (!isRecord(body)) return problems;
  const kind = AUDIENCE_FIELDS[field];
  if (body.buildtype !== undefined && body.buildtype !== kind)
    problems.push({ path: ['buildtype'], message: M.buildtype(field, kind) });
  const op = body.operator ?? '=';
  if (!has(AUDIENCE_OPERATORS, op))
    return [...problems, { path: ['operator'], message: M.unknownOperator(String(op)) }];
  if (!AUDIENCE_OPERATORS_BY_KIND[kind].includes(op as AudienceOperator))
    return [...problems, { path: ['operator'], message: M.operatorNotApplicable(String(op), field) }];
  return [...problems, ...valuesProblems(field, op as AudienceOperator, body.values)];
}

/** This item's own problems (its children are checked as items of their own). */
function itemProblems(raw: unknown): Problem[] {
  const keys = isRecord(raw) ? Object.keys(raw) : [];
  const key = keys[0];
  if (!isRecord(raw) || key === undefined || keys.length !== 1) return [{ path: [], message: M.itemShape }];
  let problems: Problem[];
  if (key === 'group') problems = bodyProblems(key, raw[key], ['type', 'filters']);
  else if (Object.hasOwn(AUDIENCE_FIELDS, key)) problems = conditionProblems(key as AudienceField, raw[key]);
  else return [{ path: [key], message: M.unknownField(key) }];
  return problems.map((p) => ({ path: [key, ...p.path], message: p.message }));
}

/** Depth, size and count limits over the raw tree, before anything recurses into it. */
function treeProblem(filters: unknown): string | undefined {
  const stack: [unknown, number][] = [[filters, 0]];
  let conditions = 0;
  for (let next = stack.pop(); next; next = stack.pop()) {
    const [list, depth] = next;
    if (!Array.isArray(list)) continue;
    if (depth > AUDIENCE_LIMITS.depthMax) return M.tooDeep;
    if (list.length > AUDIENCE_LIMITS.filtersMax) return M.filtersMax;
    for (const item of list) {
      for (const [key, body] of isRecord(item) ? Object.entries(item) : []) {
        if (key !== 'group' && ++conditions > AUDIENCE_LIMITS.conditionsMax) return M.tooMany;
        if (isRecord(body) && Array.isArray(body.filters)) stack.push([body.filters, depth + 1]);
      }
    }
  }
  return undefined;
}

const joinSchema = z.enum(AUDIENCE_JOINS);
const conditionBase = z.strictObject({
  type: joinSchema.default('and'),
  operator: z.enum(AUDIENCE_OPERATORS).default('='),
  buildtype: z.enum(AUDIENCE_KINDS).optional(),
  values: z.array(z.union([z.string(), z.number()])),
});
// Recursive, so the item types are spelled once here from the schema parts (zod cannot infer a cycle).
export type AudienceCondition = z.infer<typeof conditionBase> & { filters?: AudienceItem[] | undefined };
export type AudienceGroup = { type: AudienceJoin; filters: AudienceItem[] };
export type AudienceItem = { group: AudienceGroup } | Partial<Record<AudienceField, AudienceCondition>>;

const filterItemSchema: z.ZodType<AudienceItem> = z.lazy(() =>
  z
    .unknown()
    .superRefine((raw, ctx) => {
      for (const p of itemProblems(raw)) ctx.addIssue({ code: 'custom', path: p.path, message: p.message });
    })
    // Checked above with precise messages; the typed shape (no union: it would hide a child's message) adds defaults.
    .transform((raw, ctx) => {
      const parsed = (isRecord(raw) && 'group' in raw ? groupItemSchema : conditionItemSchema).safeParse(raw);
      for (const i of parsed.error?.issues ?? []) ctx.addIssue({ code: 'custom', path: i.path, message: i.message });
      return parsed.data ?? z.NEVER;
    }),
);
const conditionSchema = conditionBase.extend({ filters: z.array(filterItemSchema).optional() });
const groupSchema = z.strictObject({ type: joinSchema.default('and'), filters: z.array(filterItemSchema) });
const groupItemSchema = z.strictObject({ group: groupSchema });
const conditionItemSchema = z.partialRecord(z.enum(AUDIENCE_FIELD_NAMES), conditionSchema);

export const audienceQuerySchema = z.object({
  filters: z
    .unknown()
    .superRefine((raw, ctx) => {
      const problem = Array.isArray(raw) ? treeProblem(raw) : M.filtersList;
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    })
    .pipe(z.array(filterItemSchema)),
});
export type AudienceQuery = z.infer<typeof audienceQuerySchema>;

export type AudienceItemParts =
  | { kind: 'group'; join: AudienceJoin; group: AudienceGroup }
  | { kind: 'condition'; join: AudienceJoin; field: AudienceField; condition: AudienceCondition };

/** The one key of an item, typed. */
export function splitAudienceItem(item: AudienceItem): AudienceItemParts {
  if ('group' in item && item.group) return { kind: 'group', join: item.group.type ?? 'and', group: item.group };
  const conditions = item as Partial<Record<AudienceField, AudienceCondition>>;
  for (const field of AUDIENCE_FIELD_NAMES) {
    const condition = conditions[field];
    if (condition) return { kind: 'condition', join: condition.type ?? 'and', field, condition };
  }
  throw new Error('An audience filter holds no known field.');
}

const asciiLower = (s: string): string => s.replace(/[A-Z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 32));

const toEpoch = (v: unknown): number =>
  v instanceof Date ? v.getTime() : typeof v === 'string' ? Date.parse(v) : typeof v === 'number' ? v : Number.NaN;

/** Whether one subscriber column value meets one condition. */
export function audienceConditionMatches(field: AudienceField, c: AudienceCondition, value: unknown): boolean {
  const op = c.operator ?? '=';
  const kind = AUDIENCE_FIELDS[field];
  if (value === null || value === undefined) return op === '!=';
  if (kind === 'string') {
    const s = typeof value === 'string' ? value : String(value);
    const [a = ''] = c.values.map(String);
    if (op === 'in') return c.values.map(String).includes(s);
    if (op === 'contains') return asciiLower(s).includes(asciiLower(a));
    if (op === 'starts with') return asciiLower(s).startsWith(asciiLower(a));
    return op === '=' ? s === a : op === '!=' && s !== a;
  }
  const n = kind === 'number' ? (typeof value === 'number' ? value : Number(value)) : toEpoch(value);
  if (!Number.isFinite(n)) return op === '!=';
  const vs = c.values.map((v) => (kind === 'number' ? Number(v) : (parseAudienceDate(String(v)) ?? Number.NaN)));
  const [a = Number.NaN, b = Number.NaN] = vs;
  if (op === '=' && kind === 'date') {
    const [from, to] = audienceDayRange(a);
    return n >= from && n < to;
  }
  if (op === 'between') return a <= n && n <= b;
  if (op === 'in') return vs.includes(n);
  return op === '=' ? n === a : op === '!=' ? n !== a : op === '>' ? n > a : op === '<' && n < a;
}

function evaluateList(items: readonly AudienceItem[], row: Record<string, unknown>, seed?: boolean): boolean {
  let acc = seed;
  for (const item of items) {
    const part = splitAudienceItem(item);
    const own =
      part.kind === 'group' ? undefined : audienceConditionMatches(part.field, part.condition, row[part.field]);
    const value = evaluateList(part.kind === 'group' ? part.group.filters : (part.condition.filters ?? []), row, own);
    acc = acc === undefined ? value : part.join === 'or' ? acc || value : acc && value;
  }
  return acc ?? true;
}

/** The reference meaning of a query for one subscriber (previews; the oracle of the SQL compiler's tests). */
export function evaluateAudience(query: AudienceQuery, subscriber: Record<string, unknown>): boolean {
  return evaluateList(query.filters, subscriber);
}
