import { type FileHandle, open } from 'node:fs/promises';
import { CSV_BOM, type CsvCell, csvRows } from '../../lib/csv-text.ts';

export type { CsvCell };

/**
 * A CSV file written a page of rows at a time (lib/csv-text formats them): UTF-8 with a BOM so spreadsheet apps read it
 * as UTF-8, CRLF line ends, RFC 4180 quoting, formula-injection safe. Each page is formatted into one text and
 * written before the next is read, so a page's rows die young and memory stays flat (one page) whatever the size.
 */
export class CsvFile {
  private written = 0;

  private constructor(private readonly handle: FileHandle) {}

  static async open(filePath: string, header: readonly string[]): Promise<CsvFile> {
    const file = new CsvFile(await open(filePath, 'wx'));
    await file.append(CSV_BOM);
    await file.writeRows([header]);
    return file;
  }

  /** Bytes on disk so far. */
  get bytes(): number {
    return this.written;
  }

  async writeRows(rows: readonly (readonly CsvCell[])[]): Promise<void> {
    if (rows.length === 0) return;
    await this.append(await csvRows(rows));
  }

  private async append(text: string): Promise<void> {
    const { bytesWritten } = await this.handle.write(text, null, 'utf8');
    this.written += bytesWritten;
  }

  /** Ends the file; resolves with its size once it is on disk. */
  async close(): Promise<number> {
    await this.handle.close();
    return this.written;
  }

  /** Stops writing (a failed export); the caller removes the file. */
  destroy(): void {
    void this.handle.close().catch(() => {});
  }
}
