import { Badge, Button, Group, Text } from '@mantine/core';
import { IconCode, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { DataTableColumn } from '@/components/data-table/types';
import { dripStatsColumns } from '@/components/drip-stats/drip-stats-columns';
import { formatDate } from '@/lib/format';
import type { Trigger } from '../api/triggers-api';
import { triggerPaths } from '../lib/route-ids';
import { TriggerActiveSwitch } from './trigger-active-switch';

export interface TriggerColumnOptions {
  canEdit: boolean;
  /** Sent, Delivered, Clicked and CTR (all time) columns. */
  withStats?: boolean;
  onCode: (trigger: Trigger) => void;
  onDelete: (trigger: Trigger) => void;
}

const nameOf = (trigger: Trigger) => trigger.event ?? '';

/** Id, Name (the event), Actions (Code, Edit, Delete), Sent/Delivered/Clicked/CTR (all time), Status (the active switch), Created at. */
export function triggerColumns({
  canEdit,
  withStats = false,
  onCode,
  onDelete,
}: TriggerColumnOptions): DataTableColumn<Trigger>[] {
  return [
    { key: 'id', title: 'Id', sortable: true, width: 80 },
    {
      key: 'event',
      title: 'Name',
      sortable: true,
      width: 220,
      render: (trigger) => (
        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
          {nameOf(trigger)}
        </Text>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 260,
      render: (trigger) => (
        <Group gap={6} wrap="nowrap">
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconCode size={14} aria-hidden />}
            onClick={() => onCode(trigger)}
            aria-label={`Code ${nameOf(trigger)}`}
          >
            Code
          </Button>
          {canEdit && (
            <>
              <Button
                size="compact-sm"
                variant="light"
                component={Link}
                to={triggerPaths.edit(trigger.domain_id, trigger.id)}
                leftSection={<IconPencil size={14} aria-hidden />}
                aria-label={`Edit ${nameOf(trigger)}`}
              >
                Edit
              </Button>
              <Button
                size="compact-sm"
                variant="light"
                color="red"
                leftSection={<IconTrash size={14} aria-hidden />}
                onClick={() => onDelete(trigger)}
                aria-label={`Delete ${nameOf(trigger)}`}
              >
                Delete
              </Button>
            </>
          )}
        </Group>
      ),
    },
    ...(withStats ? dripStatsColumns<Trigger>() : []),
    {
      key: 'is_active',
      title: 'Status',
      width: 140,
      // Who may not change triggers reads the status; a switch they could not use is not shown.
      render: (trigger) =>
        canEdit ? (
          <TriggerActiveSwitch trigger={trigger} />
        ) : (
          <Badge color={trigger.is_active === 1 ? 'teal' : 'gray'} variant="light">
            {trigger.is_active === 1 ? 'Active' : 'Inactive'}
          </Badge>
        ),
    },
    {
      key: 'created_at',
      title: 'Created at',
      sortable: true,
      width: 130,
      render: (trigger) => formatDate(trigger.created_at),
    },
  ];
}
