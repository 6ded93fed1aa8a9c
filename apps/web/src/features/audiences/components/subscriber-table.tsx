import { Text } from '@mantine/core';
import { MSG, type SubscriberListRow, type SubscriberPage } from '@pushdeck/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableColumn } from '@/components/data-table/types';
import type { UseListParamsResult } from '@/components/data-table/use-list-params';
import { errorMessage } from '@/lib/api';

export type SubscriberTableProps = {
  /** The page of subscribers asked for with `list.page` / `list.pageLength`. */
  page: UseQueryResult<SubscriberPage>;
  list: UseListParamsResult;
  columns: DataTableColumn<SubscriberListRow>[];
  /** What is too large to count when the total is an estimate: 'list' or 'segment'. */
  counted: 'list' | 'segment';
  emptyText: string;
};

/**
 * A paged table of subscribers (the website's list, a segment's members): the load error, the note when the total
 * is an estimate, then the table, paged through the URL. Fragments, so the caller's stack sets the spacing.
 */
export function SubscriberTable({ page, list, columns, counted, emptyText }: SubscriberTableProps) {
  return (
    <>
      {page.isError && (
        <PanelError
          message={errorMessage(page.error, MSG.error)}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      {page.data?.total_is_estimate && (
        <Text size="sm" c="dimmed">
          The total is an estimate: the {counted} is too large to count within the time limit.
        </Text>
      )}
      <DataTable
        caption="Subscribers"
        columns={columns}
        rows={page.data?.data ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={null}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending || page.isPlaceholderData}
        loadingText="Loading subscribers ..."
        emptyText={emptyText}
      />
    </>
  );
}
