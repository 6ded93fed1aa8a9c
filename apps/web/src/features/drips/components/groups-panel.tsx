import { ActionIcon, Anchor, Badge, Button, Group, Paper, Switch, Table, Text, Title } from '@mantine/core';
import { type DripGroup, MSG } from '@pushdeck/contracts';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { confirmAction } from '@/components/dialogs/confirm';
import { OneValueDialog } from '@/components/dialogs/one-value-dialog';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { createGroup, deleteGroup, toggleGroup } from '../api/drips-api';
import { useDripsMutation, useGroups } from '../api/use-drips';
import { dripPaths } from '../lib/route';

export const groupName = (g: Pick<DripGroup, 'name' | 'group_uid'>) => g.name || g.group_uid;

/** A website's recurring groups: open, switch on/off (with their drips), delete; create a new one. */
export function GroupsPanel({ domainId }: { domainId: number }) {
  const groups = useGroups(domainId);
  const [creating, setCreating] = useState(false);
  const done = {
    onSuccess: () => notifySuccess(MSG.successfully),
    onError: (e: unknown) => notifyFailure(errorMessage(e, MSG.error)),
  };
  const create = useDripsMutation((name: string) => createGroup(domainId, name));
  const toggle = useDripsMutation((a: { id: number; on: boolean }) => toggleGroup(a.id, a.on ? 1 : 0));
  const remove = useDripsMutation(deleteGroup);
  const canWrite = useCan('drips.write');

  const onDelete = async (g: DripGroup) => {
    const text = `You will delete the group ${groupName(g)}; its drips stay, ungrouped.`;
    if (await confirmAction({ text, confirmLabel: 'Delete', danger: true })) remove.mutate(g.id, done);
  };

  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h5">
          Groups
        </Title>
        {canWrite && (
          <Button
            size="xs"
            variant="light"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => setCreating(true)}
          >
            Create group
          </Button>
        )}
      </Group>
      {groups.isPending ? (
        <Text c="dimmed" size="sm" role="status">
          Loading groups ...
        </Text>
      ) : groups.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(groups.error, MSG.error)}
        </Text>
      ) : groups.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          No groups yet. Put drips together to switch them on and off at once.
        </Text>
      ) : (
        <Table aria-label="Groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group</Table.Th>
              <Table.Th>Drips</Table.Th>
              <Table.Th>Status</Table.Th>
              {canWrite && <Table.Th>Actions</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.data.map((g) => (
              <Table.Tr key={g.id}>
                <Table.Td>
                  <Anchor component={Link} to={dripPaths.group(domainId, g.id)} style={{ overflowWrap: 'anywhere' }}>
                    {groupName(g)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light">{g.drips_count}</Badge>
                </Table.Td>
                <Table.Td>
                  {canWrite ? (
                    <Switch
                      aria-label={`${groupName(g)} active`}
                      checked={g.is_active === 1}
                      disabled={toggle.isPending}
                      onChange={(e) => toggle.mutate({ id: g.id, on: e.currentTarget.checked }, done)}
                    />
                  ) : (
                    <Badge color={g.is_active === 1 ? 'teal' : 'gray'} variant="light">
                      {g.is_active === 1 ? 'Active' : 'Inactive'}
                    </Badge>
                  )}
                </Table.Td>
                {canWrite && (
                  <Table.Td>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={`Delete group ${groupName(g)}`}
                      onClick={() => onDelete(g)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <OneValueDialog
        opened={creating}
        title="Create group"
        label="Group name"
        submitLabel="Create"
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          create.mutateAsync(name).then(
            () => {
              setCreating(false);
              notifySuccess(MSG.successfully);
            },
            (e: unknown) => notifyFailure(errorMessage(e, MSG.error)),
          )
        }
      />
    </Paper>
  );
}
