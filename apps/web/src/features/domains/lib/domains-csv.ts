import { csvText } from '@/lib/csv';
import { formatDate } from '@/lib/format';
import type { DomainRow } from '../api/domains-api';

const HEADER = ['Id', 'Website Id', 'Url', 'Status', 'Tags', 'Created at'];

export function statusLabel(isActive: number | undefined): string {
  return isActive === 1 ? 'Active' : 'Inactive';
}

/** The Domains List's columns as CSV text, CRLF line ends. */
export function domainsCsv(rows: readonly DomainRow[]): string {
  return csvText([
    HEADER,
    ...rows.map((row) => [
      row.id,
      row.website_id,
      row.url,
      statusLabel(row.is_active),
      (row.domain_tags ?? []).map((tag) => tag.name).join('; '),
      formatDate(row.created_at ?? null),
    ]),
  ]);
}
