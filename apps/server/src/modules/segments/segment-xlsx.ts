import { once } from 'node:events';
import type { PassThrough } from 'node:stream';
import { SUBSCRIBER_COLUMNS, type SubscriberListRow, spreadsheetText } from '@pushdeck/contracts';
import ExcelJS from 'exceljs';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const percent = (c: string): string => `%${c.charCodeAt(0).toString(16).toUpperCase()}`;

/** `attachment` with an ASCII-safe `<name>.xlsx` and the exact name as RFC 6266 `filename*`. */
export function xlsxDisposition(name: string, id: number): string {
  const clean = name
    .replace(/[\p{Cc}"\\/:*?<>|]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, 100);
  const base = clean.replace(/[^A-Za-z0-9 ._()-]+/g, '_') || `segment-${id}`;
  const exact = encodeURIComponent(`${clean || base}.xlsx`).replace(/['()]/g, percent);
  return `attachment; filename="${base}.xlsx"; filename*=UTF-8''${exact}`;
}

/** One cell: text goes through the exports' formula rule (subscribers' fields come from public sites). */
const cell = (value: unknown) => (typeof value === 'string' ? spreadsheetText(value) : value);

/**
 * Streams the subscriber table (the spec's 15 columns) as one worksheet to `out`, batch by batch, waiting for the
 * reader whenever `out` is full so a large segment never sits in memory.
 */
export async function writeSubscribersXlsx(
  batches: AsyncIterable<SubscriberListRow[]>,
  out: PassThrough,
): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false, useSharedStrings: false });
  const sheet = workbook.addWorksheet('Subscribers');
  sheet.addRow(SUBSCRIBER_COLUMNS.map((c) => c.label)).commit();
  for await (const rows of batches) {
    for (const row of rows) sheet.addRow(SUBSCRIBER_COLUMNS.map((c) => cell(row[c.key]))).commit();
    if (out.writableNeedDrain) await Promise.race([once(out, 'drain'), once(out, 'close')]);
    if (out.destroyed) return; // the reader went away: stop reading the database
  }
  sheet.commit();
  await workbook.commit();
}
