import {
  ACTIONS,
  type Action,
  type CustomExportBody,
  customExportBodySchema,
  dataExplorerBodySchema,
  FILES_MSG,
  hasAnyPermission,
  type StatsTableResponse,
  serverPerformanceBodySchema,
  statsV2QuerySchema,
  topStatsBodySchema,
} from '@pushdeck/contracts';
import { z } from 'zod';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, ValidationError } from '../../lib/errors.ts';
import type { ExplorerService, TopKind } from '../statistics/explorer.service.ts';
import type { ServerPerformanceService } from '../statistics/server-performance.service.ts';
import type { CsvCell } from './csv-file.ts';
import type { MessageRow, MessagesSlice } from './exports.repository.ts';

/** One page of an export: the header, its rows in header order, and how many rows the whole export has. */
export interface ExportPage {
  header: string[];
  rows: CsvCell[][];
  total: number;
  /** The totals row ('With Totals'), written after the last row. */
  totals?: CsvCell[];
}

/** Where an export's rows come from: the same service call the matching screen makes, page by page. */
export interface ExportSource {
  /** The file name's stem (part 1 §9: the Drip Manager's is messages_list). */
  stem: string;
  /** Rows per page this source reads best (the list calls take at most 1000). */
  pageRows?: number;
  page(page: number, pageLength: number): Promise<ExportPage>;
}

/** The statistics v2 calls with a `file` flag (part 1 §7) and what each exports. */
export const STATS_EXPORTS = {
  getDataExplorer: { stem: 'data_explorer', action: 'stats.dataExplorer' },
  getServerPerformancePage: { stem: 'server_performance', action: 'stats.serverPerformance' },
  getTopClientsByRecurringSentPush: {
    stem: 'top_clients_recurring',
    action: 'stats.performance',
    top: { by: 'client', family: 'recurring' },
  },
  getTopDomainsBySentRecurringPushes: {
    stem: 'top_domains_recurring',
    action: 'stats.performance',
    top: { by: 'website_id', family: 'recurring' },
  },
  getTopClientsByWelcomePushSent: {
    stem: 'top_clients_welcome',
    action: 'stats.performance',
    top: { by: 'client', family: 'welcome' },
  },
  getTopDomainsBySentWelcomePushes: {
    stem: 'top_domains_welcome',
    action: 'stats.performance',
    top: { by: 'website_id', family: 'welcome' },
  },
} as const satisfies Record<string, { stem: string; action: Action; top?: TopKind }>;
export type StatsExportCall = keyof typeof STATS_EXPORTS;

/** The kinds of export, as stored on the file row. */
export type ExportKind = 'custom' | 'messages_list' | 'domains_list' | `stats:${StatsExportCall}`;

/** A list call's answer (lib/query runList): one page and the count of all. */
type ListAnswer = { kind: 'list'; rows: object[] } | { kind: 'page'; rows: object[]; total: number };

/** The list calls behind the Drip Manager's and the Domains List's downloads. */
export interface ListServices {
  drips(actor: Actor, type: 'welcome' | 'recurring', query: Record<string, unknown>): Promise<ListAnswer>;
  domains(actor: Actor, query: Record<string, unknown>): Promise<ListAnswer>;
  /** The Drip Manager's rows by keyset (its own filters and orders only). */
  messages(actor: Actor, slice: MessagesSlice): Promise<MessageRow[]>;
}

/** The Drip Manager's query when a keyset can read it: its filters, ordered by id or created_at. */
function messagesKeyset(
  type: 'welcome' | 'recurring',
  query: Record<string, unknown>,
): Omit<MessagesSlice, 'limit' | 'after'> | undefined {
  const known = new Set(['where[domain_id]', 'where[is_active]', 'search', 'order_by']);
  if (Object.keys(query).some((k) => !known.has(k))) return undefined;
  const order = /^(id|created_at):(asc|desc)$/.exec(String(query.order_by ?? 'created_at:desc'));
  const int = (v: unknown) => (v === undefined ? undefined : /^\d{1,9}$/.test(String(v)) ? Number(v) : Number.NaN);
  const domainId = int(query['where[domain_id]']);
  const isActive = int(query['where[is_active]']);
  if (!order || Number.isNaN(domainId) || Number.isNaN(isActive)) return undefined;
  return {
    type,
    ...(domainId !== undefined ? { domainId } : {}),
    ...(isActive !== undefined ? { isActive } : {}),
    ...(query.search ? { search: String(query.search) } : {}),
    order: { key: order[1] as 'id' | 'created_at', dir: order[2] as 'asc' | 'desc' },
  };
}

const MESSAGES_HEADER = ['Domain Id', 'Message Id', 'Title', 'Created at', 'Type', 'Status'];
const messageCells = (r: Record<string, unknown>): CsvCell[] => [
  r.domain_id as CsvCell,
  r.id as CsvCell,
  r.title as CsvCell,
  dateText(r.created_at),
  r.type === 'welcome' ? 'Welcome' : 'Recurring',
  Number(r.is_active) === 1 ? 'Active' : 'Inactive',
];

/** Keyset pages: each continues after the last row of the one before (pages are asked in order, once each). */
function messagesPages(
  services: SourceServices,
  actor: Actor,
  slice: Omit<MessagesSlice, 'limit' | 'after'>,
  total: () => Promise<number>,
): ExportSource {
  let after: MessagesSlice['after'];
  let count: number | undefined;
  return {
    stem: 'messages_list',
    pageRows: 1000,
    async page(page, pageLength) {
      if (page === 1) after = undefined;
      count ??= await total();
      const rows = await services.lists.messages(actor, { ...slice, limit: pageLength, ...(after ? { after } : {}) });
      const last = rows.at(-1);
      if (last) after = { id: last.id, created_at: last.created_at };
      return { header: MESSAGES_HEADER, rows: rows.map((r) => messageCells({ ...r })), total: count };
    },
  };
}

const LIST_PAGE = 1000;
const listParams = z.object({
  /** The list query the screen sends (filters, search, order_by), as strings. */
  query: z.record(z.string(), z.union([z.string(), z.number(), z.array(z.string())])).default({}),
  type: z.enum(['welcome', 'recurring']).default('recurring'),
});
const dateText = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? '' : String(v));
const activeLabel = (v: unknown) => (Number(v) === 1 ? 'Active' : 'Inactive');

/** A list call read page by page (paginate=true) with the screen's own filters and order. */
function listPages<R extends object>(
  stem: string,
  header: string[],
  fetch: (query: Record<string, unknown>) => Promise<ListAnswer>,
  base: Record<string, unknown>,
  cells: (row: R) => CsvCell[],
): ExportSource {
  return {
    stem,
    pageRows: LIST_PAGE,
    async page(page, pageLength) {
      const res = await fetch({ ...base, paginate: 'true', page: String(page), pageLength: String(pageLength) });
      const rows = res.rows as R[];
      return { header, rows: rows.map(cells), total: res.kind === 'page' ? res.total : rows.length };
    },
  };
}

/** Parses stored or posted parameters with the call's own schema: a mistake answers 422 with per-field messages. */
function parse<S extends z.ZodType>(schema: S, value: unknown, prefix = ''): z.infer<S> {
  const r = schema.safeParse(value);
  if (r.success) return r.data;
  const errors: Record<string, string[]> = {};
  for (const issue of r.error.issues) {
    const key = prefix + (issue.path.join('.') || 'body');
    errors[key] = [...(errors[key] ?? []), issue.message];
  }
  throw new ValidationError(errors);
}

const statsQuery = statsV2QuerySchema({ pageLength: 50, paginate: false });

export interface SourceServices {
  explorer: ExplorerService;
  serverPerformance: ServerPerformanceService;
  lists: ListServices;
}

/** A statistics table as pages: the header is the row shape of the totals (every column, in order). */
function tablePages(
  stem: string,
  withTotals: boolean,
  fetch: (page: number, pageLength: number) => Promise<StatsTableResponse>,
): ExportSource {
  return {
    stem,
    async page(page, pageLength) {
      const res = await fetch(page, pageLength);
      const header = Object.keys(res.meta.totals);
      const rows = res.data.map((r) => header.map((k) => r[k] as CsvCell));
      const out: ExportPage = { header, rows, total: res.meta.total };
      if (withTotals) out.totals = header.map((k, i) => (i === 0 ? 'Totals' : (res.meta.totals[k] as CsvCell)));
      return out;
    },
  };
}

/**
 * The source of an export kind with its stored parameters (checked again with the call's own schema).
 * An unknown kind answers 'Provided invalid type.'.
 */
export function exportSource(services: SourceServices, actor: Actor, kind: string, params: unknown): ExportSource {
  const may = (action: Action) => {
    if (!hasAnyPermission(actor.user.permissions, ACTIONS[action])) throw forbidden();
  };
  if (kind === 'custom') {
    may('files.customExport');
    const body: CustomExportBody = parse(customExportBodySchema, params);
    return tablePages(`custom_${body.data_type}`, false, (page, pageLength) =>
      services.explorer.customExport(actor, body, { page, pageLength }),
    );
  }
  if (kind === 'messages_list') {
    may('drips.read');
    const p = parse(listParams, params);
    const { select: _s, limit: _l, offset: _o, ...query } = p.query;
    const listed = (q: Record<string, unknown>) => services.lists.drips(actor, p.type, q);
    const keyset = messagesKeyset(p.type, query);
    // the total as the list counts it (one count, not one per page)
    const total = async () => {
      const res = await listed({ ...query, select: 'id', paginate: 'true', page: '1', pageLength: '1' });
      return res.kind === 'page' ? res.total : res.rows.length;
    };
    if (keyset) return messagesPages(services, actor, keyset, total);
    // any other order or filter: the list call itself, page by page (the Drip Manager's columns, without Actions)
    return listPages<Record<string, unknown>>(
      'messages_list',
      MESSAGES_HEADER,
      listed,
      { ...query, select: 'id,domain_id,is_active,type,title,created_at' },
      messageCells,
    );
  }
  if (kind === 'domains_list') {
    may('domains.read');
    const p = parse(listParams, params);
    const { select: _s, limit: _l, offset: _o, ...query } = p.query;
    return listPages<Record<string, unknown>>(
      'domains_list',
      ['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at'],
      (q) => services.lists.domains(actor, q),
      { ...query, 'with[domain_tags]': '*' },
      (r) => [
        r.id as CsvCell,
        r.website_id as CsvCell,
        r.url as CsvCell,
        activeLabel(r.is_active),
        ((r.domain_tags as { name: string }[] | undefined) ?? []).map((t) => t.name).join('; '),
        dateText(r.created_at),
      ],
    );
  }
  const call = kind.startsWith('stats:') ? kind.slice(6) : '';
  if (!Object.hasOwn(STATS_EXPORTS, call)) throw new ValidationError({ type: [FILES_MSG.invalidType] });
  const spec = STATS_EXPORTS[call as StatsExportCall];
  may(spec.action);
  const p = (params ?? {}) as { body?: unknown; query?: unknown };
  const query = parse(statsQuery, p.query ?? {}, 'query.');
  const withTotals = query.meta.includes('totals');
  const paged = (page: number, pageLength: number): z.infer<typeof statsQuery> => ({
    ...query,
    paginate: true,
    page,
    pageLength,
    cache: 0,
    file: false,
  });
  if ('top' in spec) {
    const body = parse(topStatsBodySchema, p.body, 'body.');
    return tablePages(spec.stem, withTotals, (page, n) => services.explorer.top(actor, spec.top, body, paged(page, n)));
  }
  if (call === 'getServerPerformancePage') {
    const body = parse(serverPerformanceBodySchema, p.body, 'body.');
    return tablePages(spec.stem, withTotals, (page, n) => services.serverPerformance.page(actor, body, paged(page, n)));
  }
  const body = parse(dataExplorerBodySchema, p.body, 'body.');
  return tablePages(spec.stem, withTotals, (page, n) => services.explorer.dataExplorer(actor, body, paged(page, n)));
}
