/** Types of the shared list-query module: what a resource allows, and what a request asked for. */

export type FieldType = 'int' | 'string' | 'bool' | 'date' | 'timestamp';

/** One field a resource exposes to list queries. Each capability defaults to true; set it to false to withhold it. */
export interface FieldSpec {
  /** SQL column; defaults to the field name. Never comes from input. */
  column?: string;
  type: FieldType;
  filterable?: boolean;
  sortable?: boolean;
  selectable?: boolean;
}

/**
 * Relation allow-list: for each relation name (dotted for nested, e.g. `schedules.audiences`) the fields that
 * `whereRelation` may filter on, either as plain names (values stay strings) or as typed field specs.
 * Every key may also be eager-loaded with `with[relation]=*`.
 */
export type RelationSpec = readonly string[] | Readonly<Record<string, FieldSpec>>;

export interface OrderSpec {
  field: string;
  dir: 'asc' | 'desc';
}

export interface ListQuerySpec {
  fields: Readonly<Record<string, FieldSpec>>;
  relations?: Readonly<Record<string, RelationSpec>>;
  /** Used when the request has no `order_by`. */
  defaultOrder?: readonly OrderSpec[];
  /** Largest `limit` accepted; default 1000. */
  maxLimit?: number;
  /** Largest `pageLength` accepted; default 1000. */
  maxPageLength?: number;
  /** Raw querystring keys the resource handles itself (e.g. `count`, `tags[]`, `domain_id`). */
  extraParams?: readonly string[];
  /** Field names accepted by `group_by`. */
  groupable?: readonly string[];
}

export type FilterValue = string | number | boolean;

/** One filter; `type` is the field's declared type (ints are compared as bigint so no value overflows a column). */
export type WhereCondition = { field: string; column: string; type: FieldType } & (
  | { op: '='; value: FilterValue }
  | { op: 'in'; value: FilterValue[] }
  | { op: 'is null'; value: null }
);

export type RelationCondition = WhereCondition & { relation: string };

export interface ColumnRef {
  field: string;
  column: string;
}

export interface ParsedListQuery {
  where: WhereCondition[];
  /** Validated, not applied: joins differ per resource. */
  whereRelation: RelationCondition[];
  /** Relation names to eager-load, as requested (e.g. `schedules.audiences`). */
  with: string[];
  orderBy: { field: string; column: string; dir: 'asc' | 'desc' }[];
  select?: ColumnRef[];
  limit?: number;
  offset?: number;
  /** Present when `paginate=true`; then `limit`/`offset` are ignored by `applyListQuery`. */
  pagination?: { page: number; pageLength: number };
  groupBy?: ColumnRef;
  search?: string;
  extra: Record<string, string | string[]>;
}

export const DEFAULT_MAX_LIMIT = 1000;
export const DEFAULT_MAX_PAGE_LENGTH = 1000;
export const DEFAULT_PAGE_LENGTH = 10;
export const MAX_SEARCH_LENGTH = 255;
export const MAX_IN_LIST = 1000;
