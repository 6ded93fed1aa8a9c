import { Anchor, Badge, Stack, Text } from '@mantine/core';
import type { ClientUsage } from '@pushdeck/contracts';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { SearchInput } from '@/components/search-input/search-input';
import { setSelectedClientUid } from '@/lib/api';
import { useUsageOverview } from '../api/billing-api';
import { usedOfLimit } from './plan-texts';

const DEFAULT_SORT = { field: 'name', dir: 'asc' } as const;
const LEVEL_COLOR = { ok: 'gray', near: 'yellow', reached: 'red' } as const;
const n = (v: number) => v.toLocaleString('en-US');

const COLUMNS: DataTableColumn<ClientUsage>[] = [
  {
    key: 'name',
    title: 'Client',
    sortable: true,
    minWidth: 200,
    render: (row) => (
      <Anchor component="button" type="button" onClick={() => setSelectedClientUid(row.client_uid)}>
        {row.name}
      </Anchor>
    ),
  },
  { key: 'plan_name', title: 'Plan', sortable: true, minWidth: 120, render: (row) => row.plan_name ?? 'Unlimited' },
  {
    key: 'active_subscribers',
    title: 'Active subscribers',
    sortable: true,
    align: 'right',
    nowrap: true,
    render: (row) => usedOfLimit(row.active_subscribers),
  },
  {
    key: 'sends',
    title: 'Monthly sends',
    sortable: true,
    align: 'right',
    nowrap: true,
    render: (row) => usedOfLimit(row.sends),
  },
  {
    key: 'websites',
    title: 'Websites',
    sortable: true,
    align: 'right',
    nowrap: true,
    render: (row) => usedOfLimit(row.websites),
  },
  {
    key: 'percent',
    title: '% of plan',
    sortable: true,
    align: 'right',
    nowrap: true,
    render: (row) =>
      row.percent === null ? (
        '—'
      ) : (
        <Badge variant="light" color={LEVEL_COLOR[row.level]}>
          {row.percent} %
        </Badge>
      ),
  },
];

/**
 * Billing for staff with no client picked: every client's plan and this month's usage (the figures of its own
 * Billing), paged, sorted and searched on the server, with the totals; a client's name opens its Billing.
 */
export function UsageOverview() {
  const list = useListParams({ sort: DEFAULT_SORT });
  const orderBy = formatOrderBy(list.sort) ?? 'name:asc';
  const overview = useUsageOverview({ page: list.page, pageLength: list.pageLength, orderBy, search: list.search });
  const totals = overview.data?.meta.totals;
  return (
    <Stack gap="sm">
      <Text c="dimmed">
        This month's usage of every client: monthly sends are the pushes the push services accepted in each client's
        calendar month (the same count as Sent in Statistics). Open a client to see its Billing.
      </Text>
      <SearchInput value={list.search} onSearch={list.setSearch} placeholder="Search by name or client UID" />
      <DataTable
        caption="Usage by client"
        columns={COLUMNS}
        rows={overview.data?.data.data ?? []}
        total={overview.data?.data.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="client_id"
        loading={overview.isPending}
        loadingText="Loading usage…"
        error={overview.isError ? overview.error : undefined}
        errorText="The usage could not be loaded."
        onRetry={() => overview.refetch()}
        emptyText={list.search ? 'No client matches the search.' : 'No clients yet.'}
      />
      {totals && (
        <Text aria-label="Usage totals">
          Totals ({n(totals.clients)} {totals.clients === 1 ? 'client' : 'clients'}): {n(totals.sends)} monthly sends,{' '}
          {n(totals.active_subscribers)} active subscribers, {n(totals.websites)} websites.
        </Text>
      )}
    </Stack>
  );
}
