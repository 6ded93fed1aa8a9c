import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { type ManagedClient, type ManagedUser, STAFF_ROLES } from '@pushdeck/contracts';
import { IconLogin, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useAuth, useCan, useLoginAs } from '@/lib/auth';
import { useRemoveUser } from '../../users/hooks/use-remove-user';
import { useSetUserActive } from '../api/use-clients';
import { CLIENT_TEXTS, failureText } from '../lib/client-texts';
import { ActiveSwitch } from './active-switch';

export interface ClientUsersProps {
  client: ManagedClient;
  onCreateUser: (client: ManagedClient) => void;
}

const isStaffRole = (user: ManagedUser) => user.roles.some((role) => (STAFF_ROLES as readonly string[]).includes(role));

const userQuestion = (user: ManagedUser, client: ManagedClient) => (next: boolean) =>
  !next
    ? `${user.email} will be signed out at once and cannot sign in until switched on again.`
    : client.is_active === 1
      ? `${user.email} will be able to sign in.`
      : `${user.email} will be active, but cannot sign in while ${client.name} is switched off.`;

/** A client's expanded row: its users, their activeness, 'Log in as', and Create User. */
export function ClientUsers({ client, onCreateUser }: ClientUsersProps) {
  const canManageUsers = useCan('management.users');
  const canLoginAs = useCan('clients.manage');
  const setActive = useSetUserActive();
  const loginAs = useLoginAs();
  const removal = useRemoveUser();
  const selfId = useAuth().user?.id;
  const users = client.users ?? [];

  const changeActive = (user: ManagedUser, active: boolean) =>
    setActive.mutate(
      { id: user.id, active },
      {
        onSuccess: () => notifySuccess(`${user.email} is now ${active ? 'active' : 'inactive'}.`),
        onError: (error) => notifyFailure(failureText(error, CLIENT_TEXTS.userUpdateFailed)),
      },
    );
  const enter = (user: ManagedUser) =>
    loginAs.mutate(user.id, { onError: (error) => notifyFailure(`Error: ${errorMessage(error, 'Error')}`) });

  return (
    <Stack gap="xs" py="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Users of {client.name}
        </Text>
        {canManageUsers && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconUserPlus size={14} aria-hidden />}
            onClick={() => onCreateUser(client)}
          >
            Create user
          </Button>
        )}
      </Group>
      {users.length === 0 ? (
        <Text size="sm" c="dimmed" role="status">
          This client has no users yet.
        </Text>
      ) : (
        <Table aria-label={`Users of ${client.name}`} verticalSpacing={4}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>ID</Table.Th>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Role</Table.Th>
              <Table.Th>Active</Table.Th>
              <Table.Th>Actions</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {users.map((user) => {
              const active = user.is_active === 1;
              const pending = setActive.isPending && setActive.variables?.id === user.id;
              const enterable = active && client.is_active === 1 && !isStaffRole(user);
              return (
                <Table.Tr key={user.id}>
                  <Table.Td>{user.id}</Table.Td>
                  <Table.Td>{user.name}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  <Table.Td>{user.role_name ?? '—'}</Table.Td>
                  <Table.Td>
                    <ActiveSwitch
                      label={user.email}
                      active={active}
                      pending={pending}
                      onChange={canManageUsers ? (next) => changeActive(user, next) : undefined}
                      question={userQuestion(user, client)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      {canLoginAs && !isStaffRole(user) && (
                        <Button
                          size="xs"
                          variant="subtle"
                          leftSection={<IconLogin size={14} aria-hidden />}
                          aria-label={`Log in as ${user.email}`}
                          title={enterable ? undefined : 'Only an active user of an active client can be entered.'}
                          disabled={!enterable}
                          loading={loginAs.isPending && loginAs.variables === user.id}
                          onClick={() => enter(user)}
                        >
                          Log in as
                        </Button>
                      )}
                      {canManageUsers && user.id !== selfId && (
                        <Tooltip label={`Delete ${user.email}`}>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={`Delete ${user.email}`}
                            loading={removal.pendingId === user.id}
                            onClick={() => void removal.remove({ id: user.id, name: user.email })}
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
