import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { PermissionRow, Role } from '@pushdeck/contracts';
import { useMemo, useState } from 'react';
import { useListParams } from '@/components/data-table/use-list-params';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { IfAllowed } from '@/components/if-allowed';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { type RoleWrite, usePermissions, useRoles, useWriteRoles } from '../api/roles-api';
import { type LocalPaging, nextPaging, pageOf } from '../lib/paging';
import { ROLE_TEXTS } from '../lib/role-texts';
import { NameDialog } from './name-dialog';
import { PermissionsDialog } from './permissions-dialog';
import { PermissionsTable } from './permissions-table';
import { RolesTable } from './roles-table';

type Editing =
  | { kind: 'create-role' }
  | { kind: 'rename-role'; role: Role }
  | { kind: 'create-permission' }
  | { kind: 'rename-permission'; permission: PermissionRow }
  | null;

const DIALOG = {
  'create-role': { title: 'Create Role', label: 'Role name', submit: 'Create', done: ROLE_TEXTS.roleCreated },
  'rename-role': { title: 'Rename Role', label: 'Role name', submit: 'Save', done: ROLE_TEXTS.roleUpdated },
  'create-permission': {
    title: 'Create Permission',
    label: 'Permission name',
    submit: 'Create',
    done: ROLE_TEXTS.permissionCreated,
  },
  'rename-permission': {
    title: 'Rename Permission',
    label: 'Permission name',
    submit: 'Save',
    done: ROLE_TEXTS.permissionUpdated,
  },
} as const;

/** Dev Settings > Roles: roles (expandable to their permissions) and permissions; create, rename, delete, sync. */
export function RolesManagementPage() {
  const roles = useRoles();
  const permissions = usePermissions();
  const write = useWriteRoles();
  const canWrite = useCan('management.roles.write');
  const list = useListParams();
  const [permPaging, setPermPaging] = useState<LocalPaging>({ page: 1, pageLength: 10 });
  const [editing, setEditing] = useState<Editing>(null);
  const [syncing, setSyncing] = useState<Role | null>(null);

  const query = list.search.trim().toLowerCase();
  const shownRoles = useMemo(
    () => (roles.data ?? []).filter((r) => !query || r.name.toLowerCase().includes(query)),
    [roles.data, query],
  );
  const shownPermissions = useMemo(
    () => (permissions.data ?? []).filter((p) => !query || p.name.toLowerCase().includes(query)),
    [permissions.data, query],
  );

  const saveName = async (name: string) => {
    if (!editing) return;
    const call: RoleWrite =
      editing.kind === 'create-role'
        ? { kind: 'create-role', body: { name } }
        : editing.kind === 'rename-role'
          ? { kind: 'rename-role', id: editing.role.id, name }
          : editing.kind === 'create-permission'
            ? { kind: 'create-permission', name }
            : { kind: 'rename-permission', id: editing.permission.id, name };
    await write.mutateAsync(call);
    notifySuccess(DIALOG[editing.kind].done);
  };

  const cancelEditing = () => {
    setEditing(null);
    notifications.show({ message: ROLE_TEXTS.editCanceled, color: 'gray', autoClose: 2500 });
  };

  const remove = async (call: RoleWrite, text: string, done: string) => {
    if (!(await confirmAction({ text, confirmLabel: 'Delete', danger: true }))) return;
    try {
      await write.mutateAsync(call);
      notifySuccess(done);
    } catch (error) {
      notifyFailure(errorMessage(error, 'Error'));
    }
  };

  const dialog = editing ? DIALOG[editing.kind] : DIALOG['create-role'];
  const initialName =
    editing?.kind === 'rename-role'
      ? editing.role.name
      : editing?.kind === 'rename-permission'
        ? editing.permission.name
        : '';

  return (
    <Stack gap="md" maw={1200}>
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Dev Settings' }, { label: 'Roles' }]} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Roles Management
        </Title>
        <Group gap="sm" align="flex-end">
          <SearchInput
            value={list.search}
            onSearch={list.setSearch}
            placeholder="Search"
            w={{ base: '100%', sm: 260 }}
          />
          <IfAllowed action="management.roles.write">
            <Button onClick={() => setEditing({ kind: 'create-role' })}>Create Role</Button>
            <Button variant="light" onClick={() => setEditing({ kind: 'create-permission' })}>
              Create Permission
            </Button>
          </IfAllowed>
        </Group>
      </Group>
      <Title order={2} size="h4">
        Roles
      </Title>
      <RolesTable
        rows={pageOf(shownRoles, list.page, list.pageLength)}
        total={shownRoles.length}
        page={list.page}
        pageLength={list.pageLength}
        onChange={list.onTableChange}
        loading={roles.isPending}
        error={roles.error}
        errorText="Error"
        onRetry={() => roles.refetch()}
        canWrite={canWrite}
        onRename={(role) => setEditing({ kind: 'rename-role', role })}
        onDelete={(role) =>
          void remove(
            { kind: 'delete-role', id: role.id },
            ROLE_TEXTS.deleteRoleConfirm(role.name),
            ROLE_TEXTS.roleDeleted,
          )
        }
        onSync={setSyncing}
      />
      <Title order={2} size="h4">
        Permissions
      </Title>
      <PermissionsTable
        rows={pageOf(shownPermissions, permPaging.page, permPaging.pageLength)}
        total={shownPermissions.length}
        page={permPaging.page}
        pageLength={permPaging.pageLength}
        onChange={(change) => setPermPaging((previous) => nextPaging(previous, change))}
        loading={permissions.isPending}
        error={permissions.error}
        errorText="Error"
        onRetry={() => permissions.refetch()}
        canWrite={canWrite}
        onRename={(permission) => setEditing({ kind: 'rename-permission', permission })}
        onDelete={(permission) =>
          void remove(
            { kind: 'delete-permission', id: permission.id },
            ROLE_TEXTS.deletePermissionConfirm(permission.name),
            ROLE_TEXTS.permissionDeleted,
          )
        }
      />
      <NameDialog
        opened={editing !== null}
        title={dialog.title}
        label={dialog.label}
        submitLabel={dialog.submit}
        initialName={initialName}
        onSubmit={saveName}
        onDone={() => setEditing(null)}
        onCancel={cancelEditing}
      />
      <PermissionsDialog
        opened={syncing !== null}
        title={syncing ? `Permissions of ${syncing.name}` : ''}
        options={(permissions.data ?? []).map((p) => p.name)}
        initial={syncing?.permissions ?? []}
        confirmText={(picked) => ROLE_TEXTS.syncConfirm(syncing?.name ?? '', picked.length)}
        failurePrefix={ROLE_TEXTS.syncFailed(syncing?.name ?? '')}
        onSync={async (picked) => {
          if (!syncing) return;
          await write.mutateAsync({ kind: 'sync-role', id: syncing.id, permissions: picked });
          notifySuccess(ROLE_TEXTS.synced(syncing.name));
        }}
        onDone={() => setSyncing(null)}
        onCancel={() => setSyncing(null)}
      />
    </Stack>
  );
}
