import {
  avgPatientDays,
  metricValue,
  RATIO_METRIC_NAMES,
  type RatioMetricName,
  STAT_COUNTER_NAMES,
  STATS_MSG,
  type StatsColumns,
  type StatsTableRow,
} from '@pushdeck/contracts';
import { ValidationError } from '../../lib/errors.ts';
import type { FactRow } from './facts.repository.ts';
import type { FactDimension } from './facts-sql.ts';

/** What a table call offers: its group names, default and optional columns, and extra sort keys. */
export interface ColumnCatalog {
  /** Group name (as the request and the rows spell it) → fact dimension. */
  groups: Readonly<Record<string, FactDimension>>;
  /** Columns that come with a dimension when asked for (url → website_id, client_uid → client). */
  attached: Readonly<Record<string, FactDimension>>;
  defaults: readonly string[];
  extras: readonly string[];
}

export interface ColumnPlan {
  dims: FactDimension[];
  /** Output columns in order, by their catalogue names. */
  fields: string[];
  /** Catalogue name → output name (columns.map). */
  rename: Map<string, string>;
  order: { key: string; dir: 'asc' | 'desc' }[];
  needsPatience: boolean;
}

const IDENT = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const DIM_SORT_KEY: Record<FactDimension, string> = {
  date: 'date',
  website_id: 'website_id',
  client: 'client',
  type: 'type',
  drip_id: 'drip_id',
};
const SORTABLE_METRICS = new Set<string>([...STAT_COUNTER_NAMES, ...RATIO_METRIC_NAMES, 'avg_patient_days']);
const fail = (field: string, message: string, name = ''): never => {
  throw new ValidationError({ [field]: [message.replace(':name', name)] });
};

/**
 * Validates and resolves `groups`, `columns {map, exclude, include, expand}` and `orders` against a catalogue.
 * Unknown names answer 422; excluding every value column answers 'There is must be at least one column selected.'.
 */
export function planColumns(
  catalog: ColumnCatalog,
  input: {
    groups: readonly string[];
    columns: StatsColumns;
    orders: readonly Record<string, string>[];
    defaultOrder?: { key: string; dir: 'asc' | 'desc' }[];
    extraSortKeys?: readonly string[];
  },
): ColumnPlan {
  const groupOf = (name: string) => catalog.groups[name === 'timestamp' ? 'date' : name];
  const fields: string[] = [];
  const dims: FactDimension[] = [];
  const addDim = (name: string, d: FactDimension) => {
    if (!dims.includes(d)) dims.push(d);
    if (!fields.includes(name)) fields.push(name);
  };
  for (const g of input.groups) {
    const d = groupOf(g);
    if (!d) fail('groups', STATS_MSG.unknownGroup);
    else addDim(g === 'timestamp' ? 'date' : g, d);
  }
  const metrics = [...catalog.defaults];
  for (const name of [...input.columns.include, ...input.columns.expand]) {
    const d = groupOf(name) ?? catalog.attached[name];
    if (d) addDim(name === 'timestamp' ? 'date' : name, d);
    else if (catalog.extras.includes(name) || catalog.defaults.includes(name)) {
      if (!metrics.includes(name)) metrics.push(name);
    } else fail('columns.include', STATS_MSG.unknownColumn, name);
  }
  const known = new Set([...Object.keys(catalog.groups), ...Object.keys(catalog.attached), ...metrics]);
  for (const name of input.columns.exclude) {
    if (!known.has(name)) fail('columns.exclude', STATS_MSG.unknownColumn, name);
  }
  const excluded = new Set(input.columns.exclude);
  const values = metrics.filter((m) => !excluded.has(m));
  if (values.length === 0) fail('columns', STATS_MSG.noColumns);
  const all = [...fields.filter((f) => !excluded.has(f)), ...values];

  const rename = new Map<string, string>();
  for (const [from, to] of Object.entries(input.columns.map)) {
    const source = from === 'timestamp' ? 'date' : from;
    if (!IDENT.test(to)) fail('columns.map', STATS_MSG.invalidColumnName, to);
    if (all.includes(source)) rename.set(source, to);
    else if (!known.has(source)) fail('columns.map', STATS_MSG.unknownColumn, from);
  }
  const outNames = all.map((f) => rename.get(f) ?? f);
  if (new Set(outNames).size !== outNames.length) fail('columns.map', STATS_MSG.invalidColumnName, outNames.join(','));

  const byOutName = new Map(all.map((f) => [rename.get(f) ?? f, f]));
  const order: ColumnPlan['order'] = [];
  for (const entry of input.orders) {
    for (const [rawKey, dir] of Object.entries(entry)) {
      const name = byOutName.get(rawKey) ?? (rawKey === 'timestamp' ? 'date' : rawKey);
      const dim = groupOf(name) ?? catalog.attached[name];
      const sortable = SORTABLE_METRICS.has(name) || input.extraSortKeys?.includes(name);
      if (dim && dims.includes(dim)) order.push({ key: sortKeyOf(name, dim), dir: dirOf(dir) });
      else if (!dim && sortable) order.push({ key: name, dir: dirOf(dir) });
      else fail('orders', STATS_MSG.unknownColumn, rawKey);
    }
  }
  if (order.length === 0 && input.defaultOrder) order.push(...input.defaultOrder);
  return { dims, fields: all, rename, order, needsPatience: all.includes('avg_patient_days') };
}

const dirOf = (d: string): 'asc' | 'desc' => (d.toLowerCase() === 'desc' ? 'desc' : 'asc');

function sortKeyOf(name: string, dim: FactDimension): string {
  if (name === 'url' || name === 'client_uid' || name === 'client_id') return name;
  return DIM_SORT_KEY[dim];
}

type Cell = string | number | null;

/** The value of a catalogue column for a grouped row (or the totals, whose dimension values are null). */
export function columnValue(
  name: string,
  row: FactRow,
  extra?: (name: string, row: FactRow) => Cell | undefined,
): Cell {
  const given = extra?.(name, row);
  if (given !== undefined) return given;
  switch (name) {
    case 'website_id':
    case 'campaign_uid':
      return row.website_id;
    case 'url':
      return row.url;
    case 'client':
      return row.client;
    case 'client_uid':
      return row.client_uid;
    case 'client_id':
      return row.client_id;
    case 'date':
      return row.date;
    case 'type':
      return row.type;
    case 'drip_id':
      return row.drip_id;
    case 'avg_patient_days':
      return avgPatientDays(row.patience_days, row.leavers);
  }
  if ((RATIO_METRIC_NAMES as string[]).includes(name)) return metricValue(name as RatioMetricName, row);
  if ((STAT_COUNTER_NAMES as readonly string[]).includes(name)) return row[name as keyof FactRow] as number;
  return 0;
}

/** A row as the plan shapes it: its columns, renamed. */
export function shapeRow(
  plan: ColumnPlan,
  row: FactRow,
  extra?: (name: string, row: FactRow) => Cell | undefined,
): StatsTableRow {
  return Object.fromEntries(plan.fields.map((f) => [plan.rename.get(f) ?? f, columnValue(f, row, extra)]));
}
