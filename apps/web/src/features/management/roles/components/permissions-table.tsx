import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { PermissionRow } from '@pushdeck/contracts';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableChange, DataTableColumn } from '@/components/data-table/types';

export interface PermissionsTableProps {
  rows: PermissionRow[];
  total: number;
  page: number;
  pageLength: number;
  onChange: (change: DataTableChange) => void;
  loading: boolean;
  /** The list's query failed: its message with a Retry calling `onRetry` (its refetch). */
  error?: unknown;
  errorText?: string;
  onRetry?: () => unknown;
  canWrite: boolean;
  onRename: (permission: PermissionRow) => void;
  onDelete: (permission: PermissionRow) => void;
}

/** The permissions with the roles holding each; the console's own permissions are never renamed or deleted. */
export function PermissionsTable({ rows, canWrite, onRename, onDelete, ...paging }: PermissionsTableProps) {
  const columns: DataTableColumn<PermissionRow>[] = [
    { key: 'id', title: 'Id', width: 70, nowrap: true },
    {
      key: 'name',
      title: 'Name',
      minWidth: 220,
      render: (permission) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{permission.name}</Text>
          {permission.built_in && (
            <Badge size="xs" variant="outline" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    {
      key: 'roles',
      title: 'Roles',
      minWidth: 200,
      render: (permission) => (permission.roles.length ? permission.roles.join(', ') : '—'),
    },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 110,
      render: (permission) =>
        permission.built_in ? null : (
          <Group gap={4} wrap="nowrap">
            <Tooltip label="Rename">
              <ActionIcon
                variant="subtle"
                aria-label={`Rename ${permission.name}`}
                onClick={() => onRename(permission)}
              >
                <IconPencil size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
            <Tooltip label="Delete">
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${permission.name}`}
                onClick={() => onDelete(permission)}
              >
                <IconTrash size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          </Group>
        ),
    });
  }
  return (
    <DataTable
      caption="Permissions"
      columns={columns}
      rows={rows}
      rowKey="id"
      sort={null}
      emptyText="No permissions"
      loadingText="Loading permissions..."
      {...paging}
    />
  );
}
