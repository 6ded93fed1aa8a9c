import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatDate } from '@/lib/format';
import type { DomainRow } from '../api/domains-api';
import { statusLabel } from '../lib/domain-labels';

/** Id, Website Id, Url, Status, Tags (chips), Created at. */
export const DOMAIN_COLUMNS: DataTableColumn<DomainRow>[] = [
  { key: 'id', title: 'Id', sortable: true, width: 80, nowrap: true },
  {
    key: 'website_id',
    title: 'Website Id',
    // 32 hexadecimal digits in monospace, on one line.
    width: 310,
    nowrap: true,
    render: (row) => (
      <Text ff="monospace" size="sm">
        {row.website_id}
      </Text>
    ),
  },
  {
    key: 'url',
    title: 'Url',
    sortable: true,
    width: 260,
    render: (row) => (
      <Anchor component={Link} to={`/dashboard/${row.id}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
        {row.url}
      </Anchor>
    ),
  },
  {
    key: 'is_active',
    title: 'Status',
    width: 100,
    render: (row) => (
      <Badge variant="dot" color={row.is_active === 1 ? 'teal' : 'gray'}>
        {statusLabel(row.is_active)}
      </Badge>
    ),
  },
  {
    key: 'domain_tags',
    title: 'Tags',
    width: 240,
    render: (row) =>
      row.domain_tags && row.domain_tags.length > 0 ? (
        <Group gap={4}>
          {row.domain_tags.map((tag) => (
            <Badge key={tag.id} variant="outline" size="sm" tt="none">
              {tag.name}
            </Badge>
          ))}
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          —
        </Text>
      ),
  },
  {
    key: 'created_at',
    title: 'Created at',
    sortable: true,
    width: 120,
    render: (row) => formatDate(row.created_at ?? null),
  },
];
