import { spreadsheetText } from '@pushdeck/contracts';
import { formatDate } from '@/lib/format';
import { saveBlob } from '@/lib/save-blob';
import type { ManagedDrip } from '../api/drip-tools-api';

/** The Drip Manager table's columns (spec part 1 §2), without Actions. */
const HEADER = ['Domain Id', 'Message Id', 'Title', 'Created at', 'Type', 'Status'];

/** The file name of every Drip Manager download (spec part 1 §8: messages_list). */
export const CSV_NAME = 'messages_list.csv';

/** One CSV field (RFC 4180), with a leading formula character made plain text. */
export function csvField(value: string | number | null | undefined): string {
  const text = spreadsheetText(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const statusLabel = (isActive: number | undefined) => (isActive === 1 ? 'Active' : 'Inactive');
export const typeLabel = (type: string | undefined) => (type === 'welcome' ? 'Welcome' : 'Recurring');

/** The rows as CSV text with CRLF line ends. */
export function messagesCsv(rows: readonly ManagedDrip[]): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const row of rows) {
    const fields = [
      row.domain_id,
      row.id,
      row.title,
      formatDate(row.created_at ?? null),
      typeLabel(row.type),
      statusLabel(row.is_active),
    ];
    lines.push(fields.map(csvField).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** Hands the CSV to the browser as messages_list.csv (with a BOM so spreadsheets read UTF-8). */
export function saveCsv(text: string): void {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), CSV_NAME);
}
