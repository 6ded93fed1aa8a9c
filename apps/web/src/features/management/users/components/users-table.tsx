import { ActionIcon, Button, Group, Select, Switch, Text, Tooltip } from '@mantine/core';
import type { ManagedUser } from '@pushdeck/contracts';
import { IconKey, IconLogin, IconTrash } from '@tabler/icons-react';
import { DataTable } from '@/components/data-table/data-table';
import type { DataTableChange, DataTableColumn } from '@/components/data-table/types';
import { canEnter } from '../lib/user-rules';

export interface UsersTableProps {
  rows: ManagedUser[];
  total: number;
  page: number;
  pageLength: number;
  onChange: (change: DataTableChange) => void;
  loading: boolean;
  /** The list's query failed: its message with a Retry calling `onRetry` (its refetch). */
  error?: unknown;
  errorText?: string;
  onRetry?: () => unknown;
  /** The role names offered in each row's role select (the ones the viewer may give). */
  roleOptions: string[];
  /** The signed-in user's id: one's own account is not changed here. */
  selfId: number | null;
  /** Offers 'Log in as' (clients.manage). */
  canLoginAs: boolean;
  /** Ids of the users with a call under way (their controls wait). */
  busyIds: ReadonlySet<number>;
  onRole: (user: ManagedUser, role: string) => void;
  onPermissions: (user: ManagedUser) => void;
  onActive: (user: ManagedUser, active: boolean) => void;
  onLoginAs: (user: ManagedUser) => void;
  /** Offers Delete (with a confirmation) on every row but one's own. */
  onDelete: (user: ManagedUser) => void;
}

/** The managed users: role (single select), direct permissions (dialog), activeness and 'Log in as'. */
export function UsersTable({
  rows,
  roleOptions,
  selfId,
  canLoginAs,
  busyIds,
  onRole,
  onPermissions,
  onActive,
  onLoginAs,
  onDelete,
  ...paging
}: UsersTableProps) {
  const columns: DataTableColumn<ManagedUser>[] = [
    { key: 'id', title: 'Id', width: 70, nowrap: true },
    { key: 'name', title: 'Name', minWidth: 160 },
    { key: 'email', title: 'Email', minWidth: 200 },
    {
      key: 'client_name',
      title: 'Client',
      minWidth: 160,
      // the client's name; its uid (what staff paste into the `client` header, or search for) under it
      render: (user) =>
        user.client_uid ? (
          <>
            <Text size="sm">{user.client_name ?? user.client_uid}</Text>
            <Text size="xs" c="dimmed" ff="monospace">
              {user.client_uid}
            </Text>
          </>
        ) : (
          '—'
        ),
    },
    {
      key: 'role_name',
      title: 'Role',
      width: 170,
      render: (user) => {
        const own = user.id === selfId;
        const data =
          user.role_name && !roleOptions.includes(user.role_name) ? [user.role_name, ...roleOptions] : roleOptions;
        return (
          <Select
            aria-label={`Role of ${user.name}`}
            size="xs"
            data={data}
            value={user.role_name}
            placeholder="No role"
            allowDeselect={false}
            searchable
            disabled={own || busyIds.has(user.id)}
            onChange={(role) => {
              if (role && role !== user.role_name) onRole(user, role);
            }}
          />
        );
      },
    },
    {
      key: 'permissions',
      title: 'Permissions',
      width: 150,
      render: (user) => (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconKey size={14} aria-hidden />}
          aria-label={`Permissions of ${user.name}: ${user.permissions.length}`}
          disabled={user.id === selfId || busyIds.has(user.id)}
          onClick={() => onPermissions(user)}
        >
          {user.permissions.length}
        </Button>
      ),
    },
    {
      key: 'is_active',
      title: 'Active',
      width: 90,
      render: (user) => (
        <Switch
          aria-label={`Active: ${user.name}`}
          checked={user.is_active === 1}
          disabled={user.id === selfId || busyIds.has(user.id)}
          onChange={(event) => onActive(user, event.currentTarget.checked)}
        />
      ),
    },
  ];
  if (canLoginAs) {
    columns.push({
      key: 'login_as',
      title: '',
      width: 130,
      render: (user) =>
        !canEnter(user, selfId) ? (
          <Text size="xs" c="dimmed">
            {user.id === selfId ? 'You' : ''}
          </Text>
        ) : (
          <Group gap={4} wrap="nowrap">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconLogin size={14} aria-hidden />}
              aria-label={`Log in as ${user.name}`}
              disabled={busyIds.has(user.id)}
              onClick={() => onLoginAs(user)}
            >
              Log in as
            </Button>
          </Group>
        ),
    });
  }
  columns.push({
    key: 'delete',
    title: '',
    width: 50,
    render: (user) =>
      user.id === selfId ? null : (
        <Tooltip label={`Delete ${user.name}`}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`Delete ${user.name}`}
            disabled={busyIds.has(user.id)}
            onClick={() => onDelete(user)}
          >
            <IconTrash size={16} aria-hidden />
          </ActionIcon>
        </Tooltip>
      ),
  });
  return (
    <DataTable
      caption="Users"
      columns={columns}
      rows={rows}
      rowKey="id"
      sort={null}
      emptyText="No users"
      loadingText="Loading users..."
      {...paging}
    />
  );
}
