import { Stack, Title } from '@mantine/core';
import type { ManagedUser, UpdateUserBody } from '@pushdeck/contracts';
import { useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { useAuth, useCan, useLoginAs } from '@/lib/auth';
import { usePermissions, useRoles } from '../../roles/api/roles-api';
import { PermissionsDialog } from '../../roles/components/permissions-dialog';
import { useClientOptions, useManagedUsers, useUpdateUser } from '../api/users-api';
import { useRemoveUser } from '../hooks/use-remove-user';
import { useUserFilters } from '../lib/use-user-filters';
import { grantablePermissions, grantableRoles } from '../lib/user-rules';
import { USER_TEXTS } from '../lib/user-texts';
import { UsersFilters } from './users-filters';
import { UsersTable } from './users-table';

/** Users Management: the users of the clients the viewer serves; role, permissions, activeness, 'Log in as'. */
export function UsersManagementPage() {
  const { filters, list, setFilter } = useUserFilters();
  const users = useManagedUsers(filters);
  const roles = useRoles();
  const permissions = usePermissions();
  const canListClients = useCan('management.clients.read');
  const clients = useClientOptions(canListClients);
  const canLoginAs = useCan('clients.manage');
  const auth = useAuth();
  const selfId = auth.user?.id ?? null;
  const update = useUpdateUser();
  const loginAs = useLoginAs();
  const removal = useRemoveUser();
  const [busyIds, setBusyIds] = useState<ReadonlySet<number>>(new Set());
  const [editing, setEditing] = useState<ManagedUser | null>(null);

  const roleOptions = (roles.data ?? []).map((role) => role.name);
  // Nobody gives what they do not hold (the server refuses it): the pickers offer only the rest.
  const grantedRoles = grantableRoles(roles.data ?? [], auth.permissions);
  const grantedPermissions = grantablePermissions(
    (permissions.data ?? []).map((p) => p.name),
    auth.permissions,
  );

  /** One update of one user; its controls wait while it runs. */
  const run = async (user: ManagedUser, body: UpdateUserBody) => {
    setBusyIds((ids) => new Set(ids).add(user.id));
    try {
      return await update.mutateAsync({ id: user.id, body });
    } finally {
      setBusyIds((ids) => {
        const next = new Set(ids);
        next.delete(user.id);
        return next;
      });
    }
  };

  const changeRole = async (user: ManagedUser, role: string) => {
    if (!(await confirmAction({ text: USER_TEXTS.roleConfirm(user.name, role) }))) return;
    try {
      await run(user, { roles: [role] });
      notifySuccess(USER_TEXTS.roleSynced(user.name));
    } catch (error) {
      notifyFailure(`${USER_TEXTS.syncRoleFailed(user.name)}: ${errorMessage(error, 'Error')}`);
    }
  };

  const changeActive = async (user: ManagedUser, active: boolean) => {
    const text = active ? USER_TEXTS.activateConfirm(user.name) : USER_TEXTS.deactivateConfirm(user.name);
    if (!(await confirmAction({ text, danger: !active }))) return;
    try {
      await run(user, { is_active: active ? 1 : 0 });
      notifySuccess(active ? USER_TEXTS.activated(user.name) : USER_TEXTS.deactivated(user.name));
    } catch (error) {
      notifyFailure(`${USER_TEXTS.updateFailed} ${errorMessage(error, '')}`.trim());
    }
  };

  const enter = (user: ManagedUser) =>
    loginAs.mutate(user.id, {
      onError: (error) => notifyFailure(`${USER_TEXTS.loginFailed(user.name)}: ${errorMessage(error, 'Error')}`),
    });

  return (
    <Stack gap="md" maw={1400}>
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Users Management' }]} />
      <Title order={1} size="h2">
        Users Management
      </Title>
      <UsersFilters
        filters={filters}
        onSearch={list.setSearch}
        onFilter={setFilter}
        roleOptions={roleOptions}
        clients={canListClients ? (clients.data ?? []) : null}
      />
      {roles.isError && (
        <PanelError
          message={errorMessage(roles.error, 'Error')}
          onRetry={() => roles.refetch()}
          retrying={roles.isFetching}
        />
      )}
      <UsersTable
        rows={users.data?.data ?? []}
        total={users.data?.total ?? 0}
        page={filters.page}
        pageLength={filters.pageLength}
        onChange={list.onTableChange}
        loading={users.isFetching}
        error={users.error}
        errorText="Error"
        onRetry={() => users.refetch()}
        roleOptions={grantedRoles}
        selfId={selfId}
        canLoginAs={canLoginAs}
        busyIds={new Set([...busyIds, loginAs.isPending ? loginAs.variables : 0, removal.pendingId ?? 0])}
        onRole={(user, role) => void changeRole(user, role)}
        onPermissions={setEditing}
        onActive={(user, active) => void changeActive(user, active)}
        onLoginAs={enter}
        onDelete={(user) => void removal.remove(user)}
      />
      <PermissionsDialog
        opened={editing !== null}
        title={editing ? `Permissions of ${editing.name}` : ''}
        description="Direct permissions, on top of the ones the user's role gives."
        options={grantedPermissions}
        initial={editing?.permissions ?? []}
        confirmText={(picked) => USER_TEXTS.permissionsConfirm(editing?.name ?? '', picked.length)}
        failurePrefix={USER_TEXTS.syncPermissionFailed(editing?.name ?? '')}
        onSync={async (picked) => {
          if (!editing) return;
          await run(editing, { permissions: picked });
          notifySuccess(USER_TEXTS.permissionsSynced(editing.name));
        }}
        onDone={() => setEditing(null)}
        onCancel={() => setEditing(null)}
      />
    </Stack>
  );
}
