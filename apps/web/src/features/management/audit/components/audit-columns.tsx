import { Code, Stack, Text, UnstyledButton } from '@mantine/core';
import type { AuditEntry } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import type { DataTableColumn } from '@/components/data-table/types';
import { actionLabel } from '../lib/audit-texts';
import { AuditChange } from './audit-change';

const when = (iso: string) => dayjs(iso).format('YYYY-MM-DD HH:mm:ss');

function Actor({ row, onPick }: { row: AuditEntry; onPick: (email: string) => void }) {
  const email = row.actor_email;
  return (
    <Stack gap={0}>
      {email ? (
        <UnstyledButton
          onClick={() => onPick(email)}
          aria-label={`Only entries by ${email}`}
          title={`Only entries by ${email}`}
          style={{ overflowWrap: 'anywhere', textDecoration: 'underline dotted' }}
        >
          <Text size="sm">{email}</Text>
        </UnstyledButton>
      ) : (
        <Text size="sm" c="dimmed">
          {row.actor_id === null ? 'Unknown' : `User #${row.actor_id}`}
        </Text>
      )}
      {row.impersonator_id !== null && (
        <Text size="xs" c="var(--mantine-color-orange-light-color)">
          Impersonated by staff user #{row.impersonator_id}
        </Text>
      )}
    </Stack>
  );
}

/** The Audit table's columns; `onPickActor` filters the list to one actor. */
export function auditColumns(onPickActor: (email: string) => void): DataTableColumn<AuditEntry>[] {
  return [
    { key: 'created_at', title: 'When', width: 170, nowrap: true, render: (row) => when(row.created_at) },
    { key: 'actor_email', title: 'Actor', minWidth: 200, render: (row) => <Actor row={row} onPick={onPickActor} /> },
    {
      key: 'action',
      title: 'Action',
      minWidth: 170,
      render: (row) => (
        <Stack gap={0}>
          <Text size="sm">{actionLabel(row.action)}</Text>
          <Code>{row.action}</Code>
        </Stack>
      ),
    },
    {
      key: 'subject_id',
      title: 'Subject',
      width: 120,
      nowrap: true,
      render: (row) => (row.subject_id === null ? row.subject_type : `${row.subject_type} #${row.subject_id}`),
    },
    {
      key: 'client_id',
      title: 'Client',
      width: 90,
      nowrap: true,
      render: (row) => (row.client_id === null ? '—' : `#${row.client_id}`),
    },
    {
      key: 'change',
      title: 'Before → after',
      minWidth: 280,
      render: (row) => <AuditChange before={row.before} after={row.after} />,
    },
    { key: 'ip', title: 'IP', width: 130, nowrap: true, render: (row) => row.ip ?? '—' },
  ];
}
