import { z } from 'zod';
import { FILE_STATUSES, FILES_MSG } from './files-names.ts';
import { STATS_LIMITS } from './statistics-names.ts';

export { FILE_STATUSES, FILES_MSG, type FileStatus } from './files-names.ts';

/** A file as getCSVList lists it (part 1 §3 File). `link` is set once it is ready. */
export const exportFileSchema = z.object({
  basename: z.string(),
  extension: z.string(),
  /** Creation time, ISO 8601. */
  cTime: z.string(),
  /** Bytes written so far. */
  size: z.number().int(),
  status: z.enum(FILE_STATUSES),
  link: z.string().nullable(),
  /** Rows written and the estimated total (0 when unknown). */
  progress: z.object({ rows: z.number().int(), total: z.number().int() }),
  /** Who asked for it. */
  userId: z.number().int().nullable(),
});
export type ExportFile = z.infer<typeof exportFileSchema>;

export const fileListSchema = z.object({ ready: z.array(exportFileSchema), in_progress: z.array(exportFileSchema) });
export type FileList = z.infer<typeof fileListSchema>;

/** A safe export file name: what we generate (letters, digits, `_`, `-`, one `.csv`). */
export const exportFileNameSchema = z
  .string()
  .trim()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9_-]+\.csv$/, FILES_MSG.notFound);

export const CUSTOM_EXPORT_TYPES = ['drips', 'subs', 'errors'] as const;
export const CUSTOM_EXPORT_GROUPS = ['drip_id', 'website_id', 'type'] as const;
export const CUSTOM_EXPORT_PERIODS = ['hour', 'day', 'week', 'month'] as const;
export type CustomExportType = (typeof CUSTOM_EXPORT_TYPES)[number];

/** The counters each custom export data type writes (the same names the statistics calls answer with). */
export const CUSTOM_EXPORT_COLUMNS: Record<CustomExportType, readonly string[]> = {
  drips: ['sent', 'delivered', 'clicked'],
  subs: ['subscribed', 'unsubscribed', 'deactivated', 'full_unsubscribed'],
  errors: ['error_401', 'error_403', 'error_404', 'error_413', 'error_429', 'error_x'],
};

const required = { error: FILES_MSG.fillRequired };
const isoDate = z.string(required).regex(/^\d{4}-\d{2}-\d{2}$/, FILES_MSG.fillRequired);

/**
 * The Custom Export dialog (Files screen): data type, group by, date range up to STATS_LIMITS.exportMonthsBack
 * months back, period, timezone, at least one website. Every missing field answers 'Fill out the required fields!'.
 */
export const customExportBodySchema = z.object({
  data_type: z.enum(CUSTOM_EXPORT_TYPES, required),
  group_by: z.enum(CUSTOM_EXPORT_GROUPS, required),
  date_start: isoDate,
  date_end: isoDate,
  date_trunc: z.enum(CUSTOM_EXPORT_PERIODS, required),
  timezone: z.string(required).trim().min(1, FILES_MSG.fillRequired).max(64),
  website_id: z
    .array(z.string().trim().min(1).max(64), required)
    .min(1, FILES_MSG.fillRequired)
    .max(STATS_LIMITS.listMax),
});
export type CustomExportBody = z.infer<typeof customExportBodySchema>;

/** What starting an export answers: the file's name and where it will be (part 1 §7 "custom export returns data.data.path"). */
export const exportStartedSchema = z.object({ path: z.string(), basename: z.string(), status: z.enum(FILE_STATUSES) });
export type ExportStarted = z.infer<typeof exportStartedSchema>;
