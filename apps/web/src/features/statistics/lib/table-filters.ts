import { MSG, STATS_MSG } from '@pushdeck/contracts';
import { guessTimezone } from '@/components/timezone-options';
import { readList, type SearchPatch, writeList } from './search-state';
import { defaultRange, type IsoRange, parseIsoDay, type StatsScreen, statsWindow } from './stats-dates';
import { STATS_TEXT } from './texts';

/** Every option, or the ones listed. */
export type Selection = string[] | 'all';

/** The filters of Server Performance and Data Explorer as a form holds them. */
export interface TableFilters {
  range: IsoRange | null;
  timezone: string;
  trunc: string;
  /** Client uids (moderators). */
  clients: Selection;
  /** Website ids. */
  domains: Selection;
  groups: string[];
}

const ALL = 'all';
const readSelection = (v: string | null): Selection => (v === null || v === ALL ? 'all' : readList(v));
const writeSelection = (s: Selection): string => (s === 'all' ? ALL : s.join(','));

export function defaultFilters(screen: StatsScreen, trunc: string, groups: string[]): TableFilters {
  const timezone = guessTimezone();
  return {
    range: defaultRange(screen, statsWindow(timezone)),
    timezone,
    trunc,
    clients: 'all',
    domains: 'all',
    groups,
  };
}

/** The applied filters in the URL (null before the first Get Data). */
export function readFilters(p: URLSearchParams, truncs: readonly string[], groups: string[]): TableFilters | null {
  const from = parseIsoDay(p.get('date_start'));
  const to = parseIsoDay(p.get('date_end'));
  if (!from || !to) return null;
  const trunc = p.get('date_trunc');
  return {
    range: [from, to],
    timezone: p.get('timezone') || guessTimezone(),
    trunc: trunc && truncs.includes(trunc) ? trunc : (truncs[0] ?? 'day'),
    clients: readSelection(p.get('clients')),
    domains: readSelection(p.get('domains')),
    groups: p.has('groups') ? readList(p.get('groups')) : groups,
  };
}

export function writeFilters(f: TableFilters): SearchPatch {
  return {
    date_start: f.range?.[0] ?? null,
    date_end: f.range?.[1] ?? null,
    timezone: f.timezone,
    date_trunc: f.trunc,
    clients: writeSelection(f.clients),
    domains: writeSelection(f.domains),
    groups: writeList(f.groups) ?? '',
    page: null,
  };
}

export type FilterErrors = Partial<Record<keyof TableFilters, string>>;

export interface FilterCheck {
  errors: FilterErrors;
  /** The snackbar text when the form cannot be applied. */
  message: string | null;
}

/**
 * Required fields (arrays non-empty) answer 'Field is required.'; with no website to choose from at all the
 * answer is 'Invalid domain website id provided.'.
 */
export function checkFilters(
  f: TableFilters,
  o: { clients: boolean; domains: boolean; groups: boolean; domainCount: number | undefined },
): FilterCheck {
  const errors: FilterErrors = {};
  if (!f.range) errors.range = MSG.fieldRequired;
  if (!f.timezone) errors.timezone = MSG.fieldRequired;
  if (!f.trunc) errors.trunc = MSG.fieldRequired;
  if (o.clients && f.clients !== 'all' && f.clients.length === 0) errors.clients = MSG.fieldRequired;
  if (o.groups && f.groups.length === 0) errors.groups = MSG.fieldRequired;
  if (o.domains && o.domainCount === 0) {
    errors.domains = STATS_MSG.invalidDomain;
    return { errors, message: STATS_MSG.invalidDomain };
  }
  if (o.domains && f.domains !== 'all' && f.domains.length === 0) errors.domains = MSG.fieldRequired;
  return { errors, message: Object.keys(errors).length > 0 ? STATS_TEXT.fillForm : null };
}

/** A selection as a request filter: every option is an empty list (the server reads it as all in scope). */
export const selectionFilter = (s: Selection): string[] => (s === 'all' ? [] : s);
