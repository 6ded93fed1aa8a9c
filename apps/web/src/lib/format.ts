import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * 'YYYY-MM-DD'. A Date, timestamp or date-time string is shown in `timeZone` when given
 * (else the browser's zone); a plain 'YYYY-MM-DD' string is a calendar date and stays as is.
 * Returns '' for a missing or invalid value.
 */
export function formatDate(d: Date | string | number | null | undefined, timeZone?: string): string {
  if (d === null || d === undefined || d === '') return '';
  if (typeof d === 'string' && DATE_ONLY.test(d)) return dayjs(d).isValid() ? d : '';
  const value = dayjs(d);
  if (!value.isValid()) return '';
  return (timeZone ? value.tz(timeZone) : value).format('YYYY-MM-DD');
}
