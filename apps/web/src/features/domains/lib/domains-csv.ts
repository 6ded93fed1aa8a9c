import { formatDate } from '@/lib/format';
import type { DomainRow } from '../api/domains-api';

const HEADER = ['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at'];

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled. */
export function csvField(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  // A leading =, +, - or @ would run as a formula in a spreadsheet: make it plain text.
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function statusLabel(isActive: number | undefined): string {
  return isActive === 1 ? 'Active' : 'Inactive';
}

/** The Domains List's columns as CSV text, CRLF line ends. */
export function domainsCsv(rows: readonly DomainRow[]): string {
  const lines = [HEADER.map(csvField).join(',')];
  for (const row of rows) {
    lines.push(
      [
        row.id,
        row.website_id,
        row.url,
        statusLabel(row.is_active),
        (row.domain_tags ?? []).map((tag) => tag.name).join('; '),
        formatDate(row.created_at ?? null),
      ]
        .map(csvField)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}
