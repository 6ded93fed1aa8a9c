import { Group, Text } from '@mantine/core';
import { SUBSCRIBER_COLUMNS, type SubscriberColumn, type SubscriberListRow } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import type { DataTableColumn } from '@/components/data-table/types';
import { CopyButton } from './copy-button';
import { UrlCell } from './url-cell';

const WIDTHS: Partial<Record<SubscriberColumn, number>> = {
  id: 80,
  subscribable_id: 150,
  device: 100,
  website_id: 150,
  subscription_url: 240,
  last_url_visited: 380,
  updated_at: 180,
};

const text = (value: string | number | null) => (value === null || value === '' ? '—' : value);

function SubscribableId({ row }: { row: SubscriberListRow }) {
  return (
    <Group gap={2} wrap="nowrap">
      <Text size="sm" truncate="end" maw={110} title={row.subscribable_id}>
        {row.subscribable_id}
      </Text>
      <CopyButton value={row.subscribable_id} label={`Copy Subscribable Id of subscriber ${row.id}`} />
    </Group>
  );
}

/**
 * The subscriber table's 15 columns in the spec's order (part 1 §2): the first three sticky, Last Url Visited
 * editable inline (click to reveal) when `editable`.
 */
export function subscriberColumns(editable: boolean): DataTableColumn<SubscriberListRow>[] {
  return SUBSCRIBER_COLUMNS.map(({ key, label }, index) => {
    const column: DataTableColumn<SubscriberListRow> = {
      key,
      title: label,
      width: WIDTHS[key] ?? 130,
      sticky: index < 3,
    };
    if (key === 'subscribable_id') column.render = (row) => <SubscribableId row={row} />;
    else if (key === 'last_url_visited') column.render = (row) => <UrlCell row={row} field={key} editable={editable} />;
    else if (key === 'updated_at') column.render = (row) => dayjs(row.updated_at).format('YYYY-MM-DD HH:mm');
    else if (key === 'subscription_url') {
      column.render = (row) => (
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {text(row.subscription_url)}
        </Text>
      );
    } else column.render = (row) => text(row[key]);
    return column;
  });
}

/** The segment detail rows (part 1 §2): website_id and the two editable page URLs. */
export function segmentDetailColumns(editable: boolean): DataTableColumn<SubscriberListRow>[] {
  return [
    { key: 'id', title: 'Id', width: 80 },
    { key: 'website_id', title: 'Website Id', width: 160 },
    {
      key: 'subscription_url',
      title: 'Subscription Url',
      render: (row) => <UrlCell row={row} field="subscription_url" editable={editable} />,
    },
    {
      key: 'last_url_visited',
      title: 'Last Url Visited',
      render: (row) => <UrlCell row={row} field="last_url_visited" editable={editable} />,
    },
  ];
}
