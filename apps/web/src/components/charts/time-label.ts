import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const FORMATS: Record<string, string> = {
  hour: 'YYYY-MM-DD HH:mm',
  day: 'YYYY-MM-DD',
  week: 'YYYY-MM-DD',
  month: 'YYYY-MM',
  year: 'YYYY',
};

/** An ISO string that names its offset ('…Z', '…+02:00') is an instant; one without is a wall-clock time. */
const HAS_OFFSET = /(?:Z|[+-]\d{2}:?\d{2})$/i;

/**
 * A bucket's label for the chart axis at `granularity` (hour 'YYYY-MM-DD HH:mm', day and week
 * 'YYYY-MM-DD', month 'YYYY-MM', year 'YYYY'). Instants (Date, epoch ms, ISO with offset) are shown in
 * `timeZone` when given; wall-clock strings, already in the report's zone, are shown as they are.
 */
export function timeLabel(timestamp: string | number | Date, granularity: string, timeZone?: string): string {
  const format = FORMATS[granularity] ?? FORMATS.day!;
  const isInstant = typeof timestamp !== 'string' || HAS_OFFSET.test(timestamp);
  const value = isInstant && timeZone ? dayjs(timestamp).tz(timeZone) : dayjs(timestamp);
  return value.isValid() ? value.format(format) : String(timestamp);
}
