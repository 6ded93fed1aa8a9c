import { spreadsheetText } from '@pushdeck/contracts';

export interface CsvColumn {
  key: string;
  title: string;
}

type Cell = string | number | null | undefined;

/** One CSV cell: quoted when needed; text that a spreadsheet would run as a formula is prefixed with '. */
function cell(value: Cell): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'string' ? spreadsheetText(value) : String(value);
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(columns: readonly CsvColumn[], rows: readonly Record<string, Cell>[]): string {
  const lines = [columns.map((c) => cell(c.title)).join(',')];
  for (const row of rows) lines.push(columns.map((c) => cell(row[c.key])).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** Saves `csv` as a file named `filename` through a temporary link. */
export function downloadCsv(filename: string, csv: string): void {
  const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
