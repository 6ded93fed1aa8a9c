import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { type CsvFormatterStream, format } from '@fast-csv/format';
import { spreadsheetText } from '@pushdeck/contracts';

export type CsvCell = string | number | boolean | null | undefined;

/** A cell as written: text a spreadsheet would run as a formula becomes plain text (contracts' spreadsheetText). */
const cellOf = (value: CsvCell): string | number =>
  value === null || value === undefined ? '' : typeof value === 'string' ? spreadsheetText(value) : Number(value);

/**
 * A CSV file written row by row (fast-csv): UTF-8 with a BOM so spreadsheet apps read it as UTF-8, CRLF line ends,
 * RFC 4180 quoting, formula-injection safe. Waits when the disk is slower than the rows come, so memory stays flat.
 */
export class CsvFile {
  private constructor(
    private readonly csv: CsvFormatterStream<string[], string[]>,
    private readonly out: WriteStream,
  ) {}

  static async open(filePath: string, header: readonly string[]): Promise<CsvFile> {
    const out = createWriteStream(filePath, { flags: 'wx' });
    await once(out, 'open');
    const csv = format<string[], string[]>({ writeBOM: true, rowDelimiter: '\r\n', includeEndRowDelimiter: true });
    csv.pipe(out);
    const file = new CsvFile(csv, out);
    await file.write(header);
    return file;
  }

  /** Bytes on disk so far. */
  get bytes(): number {
    return this.out.bytesWritten;
  }

  async write(row: readonly CsvCell[]): Promise<void> {
    if (!this.csv.write(row.map(cellOf) as unknown as string[])) await once(this.csv, 'drain');
  }

  /** Ends the file; resolves with its size once it is on disk. */
  async close(): Promise<number> {
    const finished = once(this.out, 'finish');
    this.csv.end();
    await finished;
    return this.out.bytesWritten;
  }

  /** Stops writing (a failed export); the caller removes the file. */
  destroy(): void {
    this.csv.destroy();
    this.out.destroy();
  }
}
