/** Applies a parsed list query to a Kysely select: filters, order, window, selection, and a paginated run. */
import { type Expression, type Kysely, type RawBuilder, type SelectQueryBuilder, type SqlBool, sql } from 'kysely';
import {
  type ColumnRef,
  DEFAULT_PAGE_LENGTH,
  type FieldType,
  type FilterValue,
  type ListQuerySpec,
  type ParsedListQuery,
  type WhereCondition,
} from './list-query-types.ts';

export interface ApplyOptions {
  /** Qualifies every column (`table.column`); comes from code, never from input. */
  table?: string;
}

export interface Page<T> {
  data: T[];
  total: number;
  page: number;
  pageLength: number;
}

/** An allow-listed column as an identifier (quoted by the dialect), never as raw text. */
export const columnRef = (column: string, table?: string): RawBuilder<unknown> =>
  sql.ref(table ? `${table}.${column}` : column);

/** A value as a bound parameter; ints are cast to bigint so no in-range number overflows an int column. */
const param = (type: FieldType, value: FilterValue): RawBuilder<unknown> =>
  type === 'int' ? sql`cast(${value} as bigint)` : sql`${value}`;

/** One condition as a boolean expression; resources use it for their `whereRelation` joins too. */
export function conditionSql(c: WhereCondition, table?: string): Expression<SqlBool> {
  const ref = columnRef(c.column, table);
  switch (c.op) {
    case '=':
      return sql<SqlBool>`${ref} = ${param(c.type, c.value)}`;
    case 'in':
      return c.value.length === 0
        ? sql<SqlBool>`false`
        : sql<SqlBool>`${ref} in (${sql.join(c.value.map((v) => param(c.type, v)))})`;
    case 'is null':
      return sql<SqlBool>`${ref} is null`;
  }
}

/** `where` conditions only (what a count shares with its page). */
export function applyFilters<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  parsed: Pick<ParsedListQuery, 'where'>,
  opts: ApplyOptions = {},
): SelectQueryBuilder<DB, TB, O> {
  return parsed.where.reduce((q, c) => q.where(conditionSql(c, opts.table)), qb);
}

/** Filters, order, and the page window (`paginate`) or `limit`/`offset`. Leaves select, with and search alone. */
export function applyListQuery<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  parsed: ParsedListQuery,
  opts: ApplyOptions = {},
): SelectQueryBuilder<DB, TB, O> {
  let q = applyFilters(qb, parsed, opts);
  for (const o of parsed.orderBy) q = q.orderBy(columnRef(o.column, opts.table), o.dir);
  if (parsed.pagination) {
    const { page, pageLength } = parsed.pagination;
    return q.limit(pageLength).offset((page - 1) * pageLength);
  }
  if (parsed.limit !== undefined) q = q.limit(parsed.limit);
  if (parsed.offset !== undefined) q = q.offset(parsed.offset);
  return q;
}

/** The requested `select`, or every selectable field of the spec, each aliased to its field name. */
export function selectedColumns(parsed: Pick<ParsedListQuery, 'select'>, spec: ListQuerySpec): ColumnRef[] {
  if (parsed.select) return parsed.select;
  return Object.entries(spec.fields)
    .filter(([, f]) => f.selectable !== false)
    .map(([field, f]) => ({ field, column: f.column ?? field }));
}

export function applySelect<DB, TB extends keyof DB, O>(
  qb: SelectQueryBuilder<DB, TB, O>,
  columns: readonly ColumnRef[],
  opts: ApplyOptions = {},
): SelectQueryBuilder<DB, TB, O & Record<string, unknown>> {
  return qb.select(columns.map((c) => columnRef(c.column, opts.table).as(c.field)));
}

/**
 * Runs one page of `qb` (filters and order from `parsed`) and counts every row matching the same filters.
 * The count wraps the filtered query, so a resource's own joins, group by or distinct count correctly.
 */
export async function runPaginated<DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  qb: SelectQueryBuilder<DB, TB, O>,
  parsed: ParsedListQuery,
  opts: ApplyOptions = {},
): Promise<Page<O>> {
  const pagination = parsed.pagination ?? { page: 1, pageLength: DEFAULT_PAGE_LENGTH };
  const filtered = applyFilters(qb, parsed, opts).clearOrderBy().clearLimit().clearOffset();
  const counted = await sql<{ total: number | string }>`select count(*) as total from (${filtered}) as counted`.execute(
    db,
  );
  const data = await applyListQuery(qb, { ...parsed, pagination }, opts).execute();
  return { data, total: Number(counted.rows[0]?.total ?? 0), ...pagination };
}

/** A list query of no filters and no order of its own, only a page: for a repository's fixed query (runPaginated). */
export const pageQuery = (page: number, pageLength: number): ParsedListQuery => ({
  where: [],
  whereRelation: [],
  with: [],
  orderBy: [],
  extra: {},
  pagination: { page, pageLength },
});

/** A list call's answer: one page with its total (`paginate=true`), or the rows of the limit/offset window. */
export type ListResult<R> =
  | { kind: 'list'; rows: R[] }
  | { kind: 'page'; rows: R[]; total: number; page: number; pageLength: number };

/**
 * Runs a shaped list query (filters, select and search already applied to `qb`): one page and its total when
 * `parsed` paginates, else the window of `limit`/`offset` (`defaultLimit` when no limit was asked).
 */
export async function runList<R, DB, TB extends keyof DB, O>(
  db: Kysely<DB>,
  qb: SelectQueryBuilder<DB, TB, O>,
  parsed: ParsedListQuery,
  opts: ApplyOptions & { defaultLimit?: number } = {},
): Promise<ListResult<R>> {
  const { defaultLimit, ...apply } = opts;
  if (parsed.pagination) {
    const page = await runPaginated(db, qb, parsed, apply);
    return { kind: 'page', ...page, rows: page.data as unknown as R[] };
  }
  const windowed = defaultLimit === undefined ? parsed : { ...parsed, limit: parsed.limit ?? defaultLimit };
  return { kind: 'list', rows: (await applyListQuery(qb, windowed, apply).execute()) as unknown as R[] };
}

/** The requested columns, plus `id` when relations are loaded (`with[...]` attaches them by id). */
export function listColumns(parsed: Pick<ParsedListQuery, 'select' | 'with'>, spec: ListQuerySpec): ColumnRef[] {
  const columns = selectedColumns(parsed, spec);
  return parsed.with.length > 0 && !columns.some((c) => c.field === 'id')
    ? [...columns, { field: 'id', column: 'id' }]
    : columns;
}

/** `%term%` for ILIKE, with `\`, `%` and `_` in the term matched literally. */
export const likePattern = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
