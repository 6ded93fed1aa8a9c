import { Stack, Text } from '@mantine/core';
import type { StatsTableRow } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import type { ClientOption, DomainOption } from '../api/pickers-api';
import type { TableFilters } from '../lib/table-filters';
import { SP_GROUPS } from './server-performance-body';

/** A raw id with its name under it (the name only when known). */
function idWithName(id: unknown, name: string | undefined): ReactNode {
  if (id === null || id === undefined) return undefined;
  return (
    <Stack gap={0}>
      <Text span fz="sm">
        {String(id)}
      </Text>
      {name && (
        <Text span fz="xs" c="dimmed">
          {name}
        </Text>
      )}
    </Stack>
  );
}

/** Campaign (website id) with the website's URL, Client UID with the client's name. */
export function dimensionCells(
  domains: readonly DomainOption[] | undefined,
  clients: readonly ClientOption[] | undefined,
) {
  const urls = new Map((domains ?? []).map((d) => [d.website_id, d.url]));
  const names = new Map((clients ?? []).map((c) => [c.client_uid, c.name]));
  return (key: string, row: StatsTableRow): ReactNode => {
    if (key === 'campaign_uid') return idWithName(row[key], urls.get(String(row[key])));
    if (key === 'client_uid') return idWithName(row[key], names.get(String(row[key])));
    return undefined;
  };
}

/** Why the table is empty: nothing asked yet, a page past the end, or no drip due or sent for the filters. */
export function serverPerformanceEmptyText(applied: TableFilters | null, page: number): string {
  if (!applied?.range) return 'Choose the filters and press Get Data.';
  if (page > 1) return `Page ${page} is past the last row: go back to the first page.`;
  const families = SP_GROUPS.filter((g) => applied.groups.includes(g.value))
    .map((g) => g.label.toLowerCase())
    .join(' or ');
  const websites =
    applied.domains === 'all'
      ? applied.clients === 'all'
        ? 'any website'
        : 'any website of the chosen clients'
      : applied.domains.length === 1
        ? 'the chosen website'
        : `the ${applied.domains.length} chosen websites`;
  const [from, to] = applied.range;
  return `No ${families} drip was due or sent on ${websites} from ${from} to ${to} (${applied.timezone}).`;
}
