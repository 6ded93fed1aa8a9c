/**
 * An audience query as one SQL boolean over the subscribers table, with the meaning of `evaluateAudience`
 * (contracts/audience.ts): items fold left to right, `a AND b OR c` being `((a AND b) OR c)`; NULL matches only
 * `!=`; `contains` / `starts with` ignore ASCII case (ILIKE under the "C" collation, so no locale changes a result);
 * a date `=` is the UTC day. Columns come only from AUDIENCE_FIELDS; every value is a bound parameter.
 */
import {
  AUDIENCE_FIELDS,
  type AudienceCondition,
  type AudienceField,
  type AudienceItem,
  type AudienceQuery,
  audienceDayRange,
  audienceQuerySchema,
  parseAudienceDate,
  splitAudienceItem,
} from '@pushdeck/contracts';
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

export interface CompileAudienceOptions {
  /** The subscribers table or its alias in the surrounding query; comes from code, never from input. */
  table?: string;
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** A LIKE pattern matching `text` literally (`\` is the escape character). */
export const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

const number = (v: string | number): RawBuilder<unknown> => sql`cast(${Number(v)} as bigint)`;
const instant = (ms: number): RawBuilder<unknown> => sql`cast(${new Date(ms).toISOString()} as timestamptz)`;
const date = (v: string | number): number => {
  const ms = parseAudienceDate(String(v));
  if (ms === undefined) throw new TypeError(`Not an audience date: ${String(v)}`);
  return ms;
};

function textSql(ref: RawBuilder<unknown>, c: AudienceCondition): RawBuilder<SqlBool> {
  const values = c.values.map(String);
  const [a = ''] = values;
  switch (c.operator) {
    case '=':
      return sql`${ref} = ${a}`;
    case '!=':
      return sql`${ref} is distinct from ${a}`;
    case 'contains':
      return sql`${ref} collate "C" ilike ${`%${escapeLike(a)}%`} escape '\\'`;
    case 'starts with':
      return sql`${ref} collate "C" ilike ${`${escapeLike(a)}%`} escape '\\'`;
    case 'in':
      return sql`${ref} = any(cast(${values} as text[]))`;
    default:
      throw new TypeError(`Operator ${c.operator} does not apply to text.`);
  }
}

function numberSql(ref: RawBuilder<unknown>, c: AudienceCondition): RawBuilder<SqlBool> {
  const [a = Number.NaN, b = Number.NaN] = c.values;
  switch (c.operator) {
    case '=':
      return sql`${ref} = ${number(a)}`;
    case '!=':
      return sql`${ref} is distinct from ${number(a)}`;
    case '>':
      return sql`${ref} > ${number(a)}`;
    case '<':
      return sql`${ref} < ${number(a)}`;
    case 'between':
      return sql`${ref} between ${number(a)} and ${number(b)}`;
    case 'in':
      return sql`${ref} = any(cast(${c.values.map(Number)} as bigint[]))`;
    default:
      throw new TypeError(`Operator ${c.operator} does not apply to numbers.`);
  }
}

function dateSql(ref: RawBuilder<unknown>, c: AudienceCondition): RawBuilder<SqlBool> {
  const [a = '', b = ''] = c.values;
  switch (c.operator) {
    case '=': {
      const [from, to] = audienceDayRange(date(a));
      return sql`${ref} >= ${instant(from)} and ${ref} < ${instant(to)}`;
    }
    case '>':
      return sql`${ref} > ${instant(date(a))}`;
    case '<':
      return sql`${ref} < ${instant(date(a))}`;
    case 'between':
      return sql`${ref} between ${instant(date(a))} and ${instant(date(b))}`;
    default:
      throw new TypeError(`Operator ${c.operator} does not apply to dates.`);
  }
}

function conditionSql(table: string, field: AudienceField, c: AudienceCondition): RawBuilder<SqlBool> {
  if (!Object.hasOwn(AUDIENCE_FIELDS, field)) throw new TypeError(`Unknown audience field ${field}.`);
  const ref = sql.ref(`${table}.${field}`);
  const kind = AUDIENCE_FIELDS[field];
  const body = kind === 'string' ? textSql(ref, c) : kind === 'number' ? numberSql(ref, c) : dateSql(ref, c);
  return sql<SqlBool>`(${body})`;
}

function listSql(table: string, items: readonly AudienceItem[], seed?: RawBuilder<SqlBool>): RawBuilder<SqlBool> {
  let acc = seed;
  for (const item of items) {
    const part = splitAudienceItem(item);
    const value =
      part.kind === 'group'
        ? listSql(table, part.group.filters)
        : listSql(table, part.condition.filters ?? [], conditionSql(table, part.field, part.condition));
    acc = acc === undefined ? value : part.join === 'or' ? sql`(${acc} or ${value})` : sql`(${acc} and ${value})`;
  }
  return acc ?? sql<SqlBool>`true`;
}

/** The query (re-validated: a typed value can still be hand-made) as a WHERE condition; empty means `true`. */
export function compileAudience(query: AudienceQuery, opts: CompileAudienceOptions = {}): Expression<SqlBool> {
  const table = opts.table ?? 'subscribers';
  if (!IDENTIFIER.test(table)) throw new TypeError(`Not a table name: ${table}`);
  return listSql(table, audienceQuerySchema.parse(query).filters);
}
