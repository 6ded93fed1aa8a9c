import { ActionIcon, Badge, Group, Text, Tooltip } from '@mantine/core';
import type { Role } from '@pushdeck/contracts';
import { IconKey, IconPencil, IconTrash } from '@tabler/icons-react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableChange, DataTableColumn } from '@/components/data-table/types';

export interface RolesTableProps {
  rows: Role[];
  total: number;
  page: number;
  pageLength: number;
  onChange: (change: DataTableChange) => void;
  loading: boolean;
  /** The list's query failed: its message with a Retry calling `onRetry` (its refetch). */
  error?: unknown;
  errorText?: string;
  onRetry?: () => unknown;
  /** Writes offered (management.roles.write); without it the table only reads. */
  canWrite: boolean;
  onRename: (role: Role) => void;
  onDelete: (role: Role) => void;
  onSync: (role: Role) => void;
}

/** A role's permissions, shown when its row is expanded. */
function RolePermissions({ role }: { role: Role }) {
  if (role.permissions.length === 0)
    return (
      <Text size="sm" c="dimmed">
        This role has no permissions.
      </Text>
    );
  return (
    <Group gap={6} aria-label={`Permissions of ${role.name}`} role="list">
      {role.permissions.map((name) => (
        <Badge key={name} variant="light" tt="none" role="listitem">
          {name}
        </Badge>
      ))}
    </Group>
  );
}

/** The roles, each expandable to its permissions; rename and delete only for roles that are not built in. */
export function RolesTable({ rows, canWrite, onRename, onDelete, onSync, ...paging }: RolesTableProps) {
  const columns: DataTableColumn<Role>[] = [
    { key: 'id', title: 'Id', width: 70, nowrap: true },
    {
      key: 'name',
      title: 'Name',
      minWidth: 180,
      render: (role) => (
        <Group gap="xs" wrap="nowrap">
          <Text size="sm">{role.name}</Text>
          {role.built_in && (
            <Badge size="xs" variant="outline" color="gray">
              Built-in
            </Badge>
          )}
        </Group>
      ),
    },
    { key: 'permissions', title: 'Permissions', width: 120, render: (role) => role.permissions.length },
    { key: 'users_count', title: 'Users', width: 90 },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      title: 'Actions',
      width: 140,
      render: (role) => (
        <Group gap={4} wrap="nowrap">
          <Tooltip label="Sync permissions">
            <ActionIcon variant="subtle" aria-label={`Sync permissions of ${role.name}`} onClick={() => onSync(role)}>
              <IconKey size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
          {!role.built_in && (
            <>
              <Tooltip label="Rename">
                <ActionIcon variant="subtle" aria-label={`Rename ${role.name}`} onClick={() => onRename(role)}>
                  <IconPencil size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
              <Tooltip label="Delete">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${role.name}`}
                  onClick={() => onDelete(role)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            </>
          )}
        </Group>
      ),
    });
  }
  return (
    <DataTable
      caption="Roles"
      columns={columns}
      rows={rows}
      rowKey="id"
      sort={null}
      emptyText="No roles"
      loadingText="Loading roles..."
      renderExpanded={(role) => <RolePermissions role={role} />}
      {...paging}
    />
  );
}
