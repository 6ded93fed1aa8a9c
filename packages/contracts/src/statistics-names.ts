import { MSG } from './messages.ts';

// The statistics calls' texts, limits, cache defaults and header names, apart from statistics.ts's schemas: the
// console's dashboard needs them on its first load, which has no zod (issue 17; a module of the contracts comes into a
// bundle whole). statistics.ts re-exports them.

/** Texts of the statistics calls (part 1 §5). `:min`/`:max`/`:name` are filled in by the server. */
export const STATS_MSG = {
  fieldRequired: MSG.fieldRequired,
  invalidDomain: 'Invalid domain website id provided.',
  noColumns: 'There is must be at least one column selected.',
  invalidDate: 'The date must be a valid date (YYYY-MM-DD).',
  dateOrder: 'The start date must not be after the end date.',
  dateRange: 'Dates must be between :min and :max.',
  invalidTimezone: 'Unknown time zone.',
  unknownColumn: 'Unknown column :name.',
  invalidColumnName: 'Invalid column name :name.',
  unknownGroup: 'Unknown group.',
  unknownType: 'Unknown type.',
} as const;

/** How far back the statistics screens may look (months), and the file exports. */
export const STATS_LIMITS = {
  monthsBack: 2,
  exportMonthsBack: 12,
  listMax: 1000,
  unpaginatedRows: 100_000,
  maxPageLength: 5000,
  cacheEntries: 500,
} as const;

/** Cache defaults (part 1 §9): v1 in seconds (`cache` header), v2 in minutes (`cache` query parameter). */
export const STATS_CACHE_DEFAULTS = { v1Seconds: 3600, explorerMinutes: 10, topMinutes: 10, serverPerfMinutes: 0 };

/** Header `resultGroupBy: type:recurring,welcome` on getStatsEventsByDrips. */
export const RESULT_GROUP_BY_HEADER = 'resultgroupby';
export const WITH_FORMULAS_HEADER = 'withformulas';
export const CACHE_HEADER = 'cache';
