import { Badge, Button, Group, Select, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { type Connection, type ConnectionType, INFRA_MSG } from '@pushdeck/contracts';
import { IconLink } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { TableScroller } from '@/components/data-table/table-scroller';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess, showResultPopup as showResult } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useAllConnections, useBind, useChangeMaster, useDomainConnections, useUnbind } from '../api/use-connections';

const HEADERS = ['Id', 'Name', 'Attribute', 'Number', 'Tag', 'Datacenter', 'Activeness', 'Region', 'Master', ''];

export interface ConnectionsTableProps {
  domainId: number;
  type: ConnectionType;
}

/** One table of the Connection settings dialog (API or Database): bound bundles, master toggle, Unbind, add + Bind. */
export function ConnectionsTable({ domainId, type }: ConnectionsTableProps) {
  const title = type === 'api' ? 'API' : 'Database';
  const bound = useDomainConnections(domainId, type, true);
  const all = useAllConnections(type, true);
  const bind = useBind(domainId);
  const unbind = useUnbind(domainId);
  const master = useChangeMaster(domainId);
  const [picked, setPicked] = useState<string | null>(null);
  const boundIds = new Set((bound.data ?? []).map((c) => c.id));
  const options = (all.data ?? [])
    .filter((c) => !boundIds.has(c.id))
    .map((c) => ({ value: String(c.id), label: `#${c.id} ${c.name} (${c.attribute})` }));

  const makeMaster = async (c: Connection) => {
    const yes = await confirmAction({ text: INFRA_MSG.confirmMaster });
    if (!yes) return showResult(INFRA_MSG.cancelled);
    master.mutate(
      { type, id: c.id },
      {
        onSuccess: () => showResult(INFRA_MSG.changed),
        onError: (e) => notifyFailure(errorMessage(e, 'Error')),
      },
    );
  };
  const doUnbind = async (c: Connection) => {
    const yes = await confirmAction({
      text: `${c.name} will be unbound from this website.`,
      confirmLabel: 'Unbind',
      danger: true,
    });
    if (!yes) return showResult(INFRA_MSG.unbindCancelled, INFRA_MSG.unbindCancelledText);
    unbind.mutate(c.id, {
      onSuccess: () => showResult(INFRA_MSG.unbound, INFRA_MSG.unboundText),
      onError: (e) => notifyFailure(errorMessage(e, 'Error')),
    });
  };
  const doBind = () => {
    if (!picked) return;
    const connection = all.data?.find((c) => c.id === Number(picked));
    // (the mutation settles once the tables have been read again: the bound row is there with the message)
    bind.mutate(Number(picked), {
      onSuccess: () => {
        setPicked(null);
        notifySuccess(INFRA_MSG.boundConnection(title, connection?.name ?? `#${picked}`, Number(picked)));
      },
      onError: (e) => notifyFailure(errorMessage(e, 'Error')),
    });
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {title}
      </Title>
      <TableScroller minWidth={860} label={`${title} connections`}>
        <Table striped aria-label={`${title} connections`}>
          <Table.Thead>
            <Table.Tr>
              {HEADERS.map((h) => (
                <Table.Th key={h || 'actions'}>{h}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {bound.isError ? (
              <Table.Tr>
                <Table.Td colSpan={HEADERS.length}>
                  <PanelError
                    message={errorMessage(bound.error, 'Error!')}
                    onRetry={() => bound.refetch()}
                    retrying={bound.isFetching}
                  />
                </Table.Td>
              </Table.Tr>
            ) : bound.isPending ? (
              <>
                <Table.Tr>
                  <Table.Td colSpan={HEADERS.length}>
                    <Text size="sm" c="dimmed" role="status">
                      Loading {title} connections…
                    </Text>
                  </Table.Td>
                </Table.Tr>
                {/* grey rows of a few bundles' height, so the dialog does not jump when they come */}
                {[1, 2].map((n) => (
                  <Table.Tr key={n} aria-hidden>
                    <Table.Td colSpan={HEADERS.length}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </>
            ) : (bound.data ?? []).length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={HEADERS.length}>
                  <EmptyState
                    title={`No ${title} connection is bound to this website.`}
                    hint={`Pick one under 'Add a new ${title} bundle' below and press Bind.`}
                  />
                </Table.Td>
              </Table.Tr>
            ) : (
              (bound.data ?? []).map((c) => {
                const isMaster = c.pivot?.type === 'master';
                return (
                  <Table.Tr key={c.id}>
                    <Table.Td>{c.id}</Table.Td>
                    <Table.Td>{c.name}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.attribute}</Table.Td>
                    <Table.Td>{c.number ?? '—'}</Table.Td>
                    <Table.Td>{c.tag ?? '—'}</Table.Td>
                    <Table.Td>{c.datacenter ?? '—'}</Table.Td>
                    <Table.Td>
                      <Badge color={c.is_active === 1 ? 'teal' : 'gray'} variant="light">
                        {c.is_active === 1 ? 'Active' : 'Inactive'}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{c.region ?? '—'}</Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant={isMaster ? 'filled' : 'outline'}
                        color={isMaster ? 'teal' : 'gray'}
                        aria-label={`Master ${c.name}: ${isMaster ? 'TRUE' : 'FALSE'}`}
                        aria-pressed={isMaster}
                        disabled={isMaster || master.isPending}
                        onClick={() => void makeMaster(c)}
                      >
                        {isMaster ? 'TRUE' : 'FALSE'}
                      </Button>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        aria-label={`Unbind ${c.name}`}
                        onClick={() => void doUnbind(c)}
                      >
                        Unbind
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      </TableScroller>
      <Group align="flex-end">
        <Select
          style={{ flex: 1 }}
          label={`Add a new ${title} bundle`}
          placeholder={all.isPending ? 'Loading…' : options.length ? 'Pick a connection' : 'Every connection is bound'}
          searchable
          data={options}
          value={picked}
          onChange={setPicked}
        />
        <Button
          leftSection={<IconLink size={14} aria-hidden />}
          onClick={doBind}
          disabled={!picked}
          loading={bind.isPending}
        >
          Bind
        </Button>
      </Group>
    </Stack>
  );
}
