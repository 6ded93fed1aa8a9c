import { Anchor, Paper, Skeleton, Table, Text, Title } from '@mantine/core';
import { deliveryRate, pushCtr } from '@pushdeck/contracts';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { TableScroller } from '@/components/data-table/table-scroller';
import { errorMessage } from '@/lib/api';
import { formatCount, formatPercent } from '@/lib/format-number';
import { useDomainOptions } from '../api/use-pickers';
import { useWebsiteTotals } from '../api/use-website-totals';
import type { IsoRange } from '../lib/stats-dates';
import { num } from '../lib/stats-rows';

interface WebsiteLine {
  websiteId: string;
  id: number | undefined;
  url: string;
  sent: number;
  delivered: number;
  clicked: number;
  subscribed: number;
  unsubscribed: number;
}

const COLUMNS = [
  'Website',
  'Sent',
  'Delivered',
  'Clicked',
  'Pushes CTR',
  'Delivery rate',
  'Subscribed',
  'Unsubscribed',
];

function PlaceholderRows() {
  return [1, 2, 3, 4].map((n) => (
    <Table.Tr key={n} aria-hidden>
      <Table.Td colSpan={COLUMNS.length}>
        <Skeleton height={14} radius="sm" />
      </Table.Td>
    </Table.Tr>
  ));
}

/** Global Overview's per-website totals for the chart's range, busiest website first. */
export function WebsiteTotalsTable({ range, timezone }: { range: IsoRange; timezone: string }) {
  const { events, subscribers } = useWebsiteTotals(range, timezone);
  const domains = useDomainOptions();
  const lines = useMemo<WebsiteLine[] | undefined>(() => {
    if (!events.data || !subscribers.data) return undefined;
    const byWebsite = new Map<string, WebsiteLine>();
    const line = (websiteId: string): WebsiteLine => {
      const found = byWebsite.get(websiteId);
      if (found) return found;
      const d = domains.data?.find((x) => x.website_id === websiteId);
      const created = {
        websiteId,
        id: d?.id,
        url: d?.url ?? websiteId,
        sent: 0,
        delivered: 0,
        clicked: 0,
        subscribed: 0,
        unsubscribed: 0,
      };
      byWebsite.set(websiteId, created);
      return created;
    };
    for (const r of events.data) {
      const l = line(String(r.website_id ?? ''));
      for (const f of ['sent', 'delivered', 'clicked'] as const) l[f] += num(r, f);
    }
    for (const r of subscribers.data) {
      const l = line(String(r.website_id ?? ''));
      for (const f of ['subscribed', 'unsubscribed'] as const) l[f] += num(r, f);
    }
    return [...byWebsite.values()].sort((x, y) => y.sent - x.sent || x.url.localeCompare(y.url));
  }, [events.data, subscribers.data, domains.data]);

  const error = events.error ?? subscribers.error;
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Websites">
      <Title order={2} size="h5" mb="sm">
        Websites
      </Title>
      {error ? (
        <PanelError
          message={errorMessage(error, 'Error!')}
          onRetry={() => {
            if (events.isError) events.refetch();
            if (subscribers.isError) subscribers.refetch();
          }}
          retrying={events.isFetching || subscribers.isFetching}
        />
      ) : (
        <TableScroller minWidth={760} label="Websites">
          <Table striped highlightOnHover aria-busy={!lines}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((c) => (
                  <Table.Th key={c} ta={c === 'Website' ? 'left' : 'right'}>
                    {c}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {!lines || lines.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <Text ta="center" c="dimmed" role="status">
                      {lines ? 'No data for this period.' : 'Loading...'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                lines.map((l) => (
                  <Table.Tr key={l.websiteId}>
                    <Table.Td>
                      {l.id ? (
                        <Anchor component={Link} to={`/dashboard/${l.id}`}>
                          {l.url}
                        </Anchor>
                      ) : (
                        l.url
                      )}
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(l.sent)}</Table.Td>
                    <Table.Td ta="right">{formatCount(l.delivered)}</Table.Td>
                    <Table.Td ta="right">{formatCount(l.clicked)}</Table.Td>
                    <Table.Td ta="right">{formatPercent(pushCtr(l))}</Table.Td>
                    <Table.Td ta="right">{formatPercent(deliveryRate(l))}</Table.Td>
                    <Table.Td ta="right">{formatCount(l.subscribed)}</Table.Td>
                    <Table.Td ta="right">{formatCount(l.unsubscribed)}</Table.Td>
                  </Table.Tr>
                ))
              )}
              {!lines && (
                // grey rows under the loading text: the table keeps a few websites' height when they come
                <PlaceholderRows />
              )}
            </Table.Tbody>
          </Table>
        </TableScroller>
      )}
    </Paper>
  );
}
