import { spreadsheetText } from '@pushdeck/contracts';
import { formatDate } from '@/lib/format';
import type { DomainRow } from '../api/domains-api';

const HEADER = ['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at'];

/** One CSV field (RFC 4180): quoted when it holds a comma, quote or line break; quotes doubled; formulas made text. */
export function csvField(value: string | number | null | undefined): string {
  const text = spreadsheetText(value === null || value === undefined ? '' : String(value));
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
