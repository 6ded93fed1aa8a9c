import { spreadsheetText } from '@pushdeck/contracts';
import { saveBlob } from './save-blob';

/** What a CSV cell may hold. */
export type CsvCell = string | number | null | undefined;

export interface CsvColumn {
  key: string;
  title: string;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled; formulas made text. */
export function csvField(value: CsvCell): string {
  const text = spreadsheetText(value === null || value === undefined ? '' : String(value));
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Lines of fields as CSV text, CRLF line ends. */
export function csvText(lines: readonly (readonly CsvCell[])[]): string {
  return `${lines.map((fields) => fields.map(csvField).join(',')).join('\r\n')}\r\n`;
}

/** Rows of objects as CSV: a header of the columns' titles, then each row's values in column order. */
export function toCsv(columns: readonly CsvColumn[], rows: readonly Record<string, CsvCell>[]): string {
  return csvText([columns.map((c) => c.title), ...rows.map((row) => columns.map((c) => row[c.key]))]);
}

/** Hands CSV text to the browser as a file (with a BOM so spreadsheet apps read it as UTF-8). */
export function saveCsv(filename: string, text: string): void {
  saveBlob(new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' }), filename);
}
