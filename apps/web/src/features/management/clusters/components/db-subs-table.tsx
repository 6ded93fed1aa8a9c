import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { Cluster, ConnectionCheck, DbSub } from '@pushdeck/contracts';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { TableScroller } from '@/components/data-table/table-scroller';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useDeleteDbSub } from '../api/use-clusters';
import { CLUSTER_TEXTS } from '../lib/cluster-texts';
import { InfraActiveSwitch } from './cluster-active-switch';
import { CopyValue } from './copy-value';
import { TestCell } from './test-cell';

export interface DbSubsTableProps {
  cluster: Cluster;
  checks: Record<string, ConnectionCheck>;
  onChecked: (key: string, check: ConnectionCheck) => void;
  onAdd: (cluster: Cluster) => void;
  onEdit: (sub: DbSub) => void;
}

/** A cluster's expanded row: its db subs with test, activeness, edit and delete, and 'Add db sub'. */
export function DbSubsTable({ cluster, checks, onChecked, onAdd, onEdit }: DbSubsTableProps) {
  const remove = useDeleteDbSub();
  const del = async (sub: DbSub) => {
    if (!(await confirmAction({ text: `Db sub ${sub.name} will be deleted.`, confirmLabel: 'Delete', danger: true }))) {
      return;
    }
    remove.mutate(sub.id, {
      onSuccess: () => notifySuccess(CLUSTER_TEXTS.deleted),
      onError: (e) => notifyFailure(errorMessage(e, CLUSTER_TEXTS.syncFailed)),
    });
  };
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Db subs of {cluster.cluster_name}
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onAdd(cluster)}
        >
          Add db sub
        </Button>
      </Group>
      {cluster.db_subs.length === 0 ? (
        <Text size="sm" c="dimmed">
          No db subs yet.
        </Text>
      ) : (
        <TableScroller minWidth={760} label={`Db subs of ${cluster.cluster_name}`}>
          <Table striped aria-label={`Db subs of ${cluster.cluster_name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>ID</Table.Th>
                <Table.Th>Name</Table.Th>
                <Table.Th>Region</Table.Th>
                <Table.Th>Shard</Table.Th>
                <Table.Th>Server</Table.Th>
                <Table.Th>Connection</Table.Th>
                <Table.Th>Active</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {cluster.db_subs.map((sub) => (
                <Table.Tr key={sub.id}>
                  <Table.Td>{sub.id}</Table.Td>
                  <Table.Td>{sub.name}</Table.Td>
                  <Table.Td>{sub.region}</Table.Td>
                  <Table.Td>{sub.shard_number}</Table.Td>
                  <Table.Td>
                    <CopyValue
                      label={`server of ${sub.name}`}
                      value={`${sub.config.host}:${sub.config.port}/${sub.config.database}`}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TestCell
                      label={sub.name}
                      config={sub.config}
                      target={{ db_sub_id: sub.id }}
                      check={checks[`sub:${sub.id}`]}
                      onChecked={(c) => onChecked(`sub:${sub.id}`, c)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <InfraActiveSwitch kind="db sub" id={sub.id} name={sub.name} active={sub.is_active === 1} />
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label="Edit">
                        <ActionIcon variant="subtle" aria-label={`Edit db sub ${sub.name}`} onClick={() => onEdit(sub)}>
                          <IconPencil size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete db sub ${sub.name}`}
                          onClick={() => void del(sub)}
                        >
                          <IconTrash size={16} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroller>
      )}
    </Stack>
  );
}
