import { ActionIcon, Alert, Badge, Button, Group, Paper, Stack, Switch, Table, Text } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { IconChartLine, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { Fragment, type ReactNode, useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { TableScroller } from '@/components/data-table/table-scroller';
import { confirmAction } from '@/components/dialogs/confirm';
import { DripStatsCells, DripStatsHeads, useDripStatsAllowed } from '@/components/drip-stats/drip-stats-columns';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { type DripRow, deleteDrip, updateStatus } from '../api/drips-api';
import { useDripList, useDripsMutation } from '../api/use-drips';
import { dripPaths, routeId } from '../lib/route';
import { delayText } from '../lib/welcome-form';
import { DripPageHeader } from './drip-page-header';

/** The website's welcome drips in send order, grouped by series (group_id; ungrouped ones together). */
function bySeries(rows: DripRow[]): [number | null, DripRow[]][] {
  const groups = new Map<number | null, DripRow[]>();
  for (const row of rows) {
    const key = row.group_id ?? null;
    groups.set(key, [...(groups.get(key) ?? []), row]);
  }
  return [...groups.entries()];
}

/**
 * /dashboard/:id/welcome: the website's welcome drips in order, with create, edit, status change and delete. Who reads
 * only gets each drip's chart instead (`statsSlot`, composed in app/; writers have it under the editor).
 */
export function WelcomeListPage({ statsSlot }: { statsSlot?: (domainId: number, dripId: number) => ReactNode } = {}) {
  const domainId = routeId(useParams().id);
  const withStats = useDripStatsAllowed();
  const [chartOf, setChartOf] = useState<number | null>(null);
  const list = useDripList(
    'welcome',
    {
      'where[domain_id]': domainId,
      'with[schedules]': '*',
      ...(withStats ? { 'with[stats]': '*' } : {}),
      order_by: 'drip_number:asc',
      limit: 1000,
    },
    domainId !== undefined,
  );
  const status = useDripsMutation((a: { groupId: number | null; status: 0 | 1 }) =>
    updateStatus('welcome', domainId!, a.groupId, a.status),
  );
  const remove = useDripsMutation((d: DripRow) => deleteDrip('welcome', d.group_id ?? null, d.id!));
  const canWrite = useCan('drips.write');
  const withCharts = statsSlot !== undefined && withStats && !canWrite;

  if (domainId === undefined) return <Alert color="yellow">Website not found.</Alert>;

  const onDelete = async (drip: DripRow) => {
    if (!(await confirmAction({ text: 'You will delete this welcome drip.', confirmLabel: 'Delete', danger: true })))
      return;
    remove.mutate(drip, {
      onSuccess: () => notifySuccess(MSG.successfully),
      onError: (error) => notifyFailure(errorMessage(error, MSG.error)),
    });
  };
  const onStatus = (groupId: number | null, on: boolean) =>
    status.mutate(
      { groupId, status: on ? 1 : 0 },
      {
        onSuccess: () => notifySuccess(MSG.successfully),
        onError: (error) => notifyFailure(errorMessage(error, MSG.error)),
      },
    );

  return (
    <Stack gap="md" maw={1200}>
      <DripPageHeader
        domainId={domainId}
        title="Welcome Drips"
        actions={
          canWrite && (
            <Button
              component={Link}
              to={dripPaths.welcomeEdit(domainId, 'new')}
              leftSection={<IconPlus size={16} aria-hidden />}
            >
              Create Welcome Drip
            </Button>
          )
        }
      />
      {list.isPending ? (
        <Stack gap="xs">
          <Text c="dimmed" role="status">
            Loading Welcome Drips ...
          </Text>
          <PanelSkeleton lines={4} height={20} label="Loading Welcome Drips" />
        </Stack>
      ) : list.isError ? (
        <PanelError
          title={MSG.error}
          message={errorMessage(list.error, 'The welcome drips could not be loaded.')}
          onRetry={() => list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.length === 0 ? (
        <EmptyState
          title="No Welcome Drip created."
          hint={
            canWrite
              ? 'A welcome drip greets each new subscriber: start one with Create Welcome Drip.'
              : 'Someone who may edit drips can create one.'
          }
        />
      ) : (
        bySeries(list.data).map(([groupId, rows]) => {
          const active = rows.some((r) => r.is_active === 1);
          const label = groupId === null ? 'Welcome series' : `Welcome series #${groupId}`;
          return (
            <Paper key={groupId ?? 'none'} withBorder radius="md" p="md">
              <Group justify="space-between" mb="sm">
                <Text fw={600}>{label}</Text>
                {canWrite && (
                  <Switch
                    label="Active"
                    aria-label={`${label} active`}
                    checked={active}
                    disabled={status.isPending}
                    onChange={(e) => onStatus(groupId, e.currentTarget.checked)}
                  />
                )}
              </Group>
              <TableScroller minWidth={960} label={label}>
                <Table striped aria-label={label}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>#</Table.Th>
                      <Table.Th>Title</Table.Th>
                      <Table.Th>Message</Table.Th>
                      <Table.Th>When</Table.Th>
                      {withStats && <DripStatsHeads />}
                      <Table.Th>Status</Table.Th>
                      {canWrite && <Table.Th>Actions</Table.Th>}
                      {withCharts && <Table.Th>Chart</Table.Th>}
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {rows.map((row) => (
                      <Fragment key={row.id}>
                        <Table.Tr>
                          <Table.Td>{row.drip_number}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.title}</Table.Td>
                          <Table.Td style={{ overflowWrap: 'anywhere' }}>{row.body}</Table.Td>
                          <Table.Td>{delayText(row.schedules?.[0])}</Table.Td>
                          {withStats && <DripStatsCells stats={row.stats} />}
                          <Table.Td>
                            <Badge color={row.is_active === 1 ? 'teal' : 'gray'} variant="light">
                              {row.is_active === 1 ? 'Active' : 'Inactive'}
                            </Badge>
                          </Table.Td>
                          {canWrite && (
                            <Table.Td>
                              <Group gap={4} wrap="nowrap">
                                <ActionIcon
                                  component={Link}
                                  to={dripPaths.welcomeEdit(domainId, row.id!)}
                                  variant="subtle"
                                  aria-label={`Edit ${row.title}`}
                                >
                                  <IconPencil size={16} aria-hidden />
                                </ActionIcon>
                                <ActionIcon
                                  variant="subtle"
                                  color="red"
                                  aria-label={`Delete ${row.title}`}
                                  onClick={() => onDelete(row)}
                                >
                                  <IconTrash size={16} aria-hidden />
                                </ActionIcon>
                              </Group>
                            </Table.Td>
                          )}
                          {withCharts && (
                            <Table.Td>
                              <ActionIcon
                                variant="subtle"
                                aria-label={`Chart of ${row.title}`}
                                aria-expanded={chartOf === row.id}
                                onClick={() => setChartOf(chartOf === row.id ? null : row.id!)}
                              >
                                <IconChartLine size={16} aria-hidden />
                              </ActionIcon>
                            </Table.Td>
                          )}
                        </Table.Tr>
                        {withCharts && chartOf === row.id && (
                          <Table.Tr>
                            <Table.Td colSpan={99}>{statsSlot(domainId, row.id!)}</Table.Td>
                          </Table.Tr>
                        )}
                      </Fragment>
                    ))}
                  </Table.Tbody>
                </Table>
              </TableScroller>
            </Paper>
          );
        })
      )}
    </Stack>
  );
}
