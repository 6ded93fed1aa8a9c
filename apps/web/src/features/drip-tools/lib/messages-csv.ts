import { csvText, saveCsv as saveCsvFile } from '@/lib/csv';
import { formatDate } from '@/lib/format';
import type { ManagedDrip } from '../api/drip-tools-api';

/** The Drip Manager table's columns (spec part 1 §2), without Actions. */
const HEADER = ['Domain Id', 'Message Id', 'Title', 'Created at', 'Type', 'Status'];

/** The file name of every Drip Manager download (spec part 1 §8: messages_list). */
export const CSV_NAME = 'messages_list.csv';

export const statusLabel = (isActive: number | undefined) => (isActive === 1 ? 'Active' : 'Inactive');
export const typeLabel = (type: string | undefined) => (type === 'welcome' ? 'Welcome' : 'Recurring');

/** The rows as CSV text with CRLF line ends. */
export function messagesCsv(rows: readonly ManagedDrip[]): string {
  return csvText([
    HEADER,
    ...rows.map((row) => [
      row.domain_id,
      row.id,
      row.title,
      formatDate(row.created_at ?? null),
      typeLabel(row.type),
      statusLabel(row.is_active),
    ]),
  ]);
}

/** Hands the CSV to the browser as messages_list.csv. */
export function saveCsv(text: string): void {
  saveCsvFile(CSV_NAME, text);
}
