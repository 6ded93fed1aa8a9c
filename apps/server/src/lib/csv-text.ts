import { writeToString } from '@fast-csv/format';
import { spreadsheetText } from '@pushdeck/contracts';

export type CsvCell = string | number | boolean | null | undefined;

/** UTF-8 byte order mark: spreadsheet apps then read the file as UTF-8. */
export const CSV_BOM = '\uFEFF';

/** A cell as written: text a spreadsheet would run as a formula becomes plain text (contracts' spreadsheetText). */
const cellOf = (value: CsvCell): string | number =>
  value === null || value === undefined ? '' : typeof value === 'string' ? spreadsheetText(value) : Number(value);

/**
 * Rows as CSV text (fast-csv formats them): CRLF line ends (one after the last row too), RFC 4180 quoting,
 * formula-injection safe. The one CSV writer of the server: export files write their pages through it.
 */
export async function csvRows(rows: readonly (readonly CsvCell[])[]): Promise<string> {
  if (rows.length === 0) return '';
  return writeToString(
    rows.map((row) => row.map(cellOf)),
    { rowDelimiter: '\r\n', includeEndRowDelimiter: true },
  );
}

/** A whole small CSV document (a download answered at once): the BOM, the header, then the rows. */
export async function csvText(header: readonly string[], rows: readonly (readonly CsvCell[])[]): Promise<string> {
  return `${CSV_BOM}${await csvRows([header, ...rows])}`;
}
