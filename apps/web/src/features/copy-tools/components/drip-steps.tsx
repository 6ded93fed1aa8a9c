import { Button, Paper, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { COPY_MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import type { CopyDrip, CopySegment, RecurringFilter } from '../api/copy-tools-api';
import { ItemsStep } from './items-step';
import { RecurringFilters } from './recurring-filters';
import type { CopyType, useCopySources } from './use-copy-sources';

type Setter = (next: Set<number>) => void;

export interface DripStepsProps {
  types: ReadonlySet<CopyType>;
  src: ReturnType<typeof useCopySources>;
  filter: RecurringFilter;
  onFilter: (next: RecurringFilter) => void;
  chosen: Record<CopyType, Set<number>>;
  setChosen: Record<CopyType, Setter>;
  urls: ReadonlyMap<number, string>;
  /** Url edits (first version only: the copy sends them). */
  onUrl: ((id: number, url: string) => void) | undefined;
}

/** The url of a drip, hidden until clicked ('Click To Reveal'); editable where the copy sends it. */
function UrlCell({ drip, url, onUrl }: { drip: CopyDrip; url: string; onUrl: DripStepsProps['onUrl'] }) {
  const [open, setOpen] = useState(false);
  if (!open) {
    return (
      <Tooltip label="Click To Reveal">
        <Button
          variant="subtle"
          size="compact-xs"
          onClick={() => setOpen(true)}
          aria-label={`Reveal the url of ${drip.title}`}
        >
          url
        </Button>
      </Tooltip>
    );
  }
  if (!onUrl) return <Text size="xs">{url}</Text>;
  return (
    <TextInput
      size="xs"
      aria-label={`Url of ${drip.title}`}
      value={url}
      onChange={(e) => onUrl(drip.id!, e.currentTarget.value)}
    />
  );
}

const noClient = (src: DripStepsProps['src']) => (src.clientsChosen ? undefined : COPY_MSG.selectClient);

/** Steps 4.1 (recurring), 4.2 (welcome) and 4.3 (audience filters), each shown when its type is chosen. */
export function DripSteps(p: DripStepsProps) {
  const dripText = (d: CopyDrip) => `${d.id} ${d.title ?? ''} ${d.body ?? ''}`;
  return (
    <>
      {p.types.has('recurring') && (
        <Paper withBorder p="md" radius="md">
          <ItemsStep<CopyDrip>
            title="Step 4.1: Recurring drips"
            rows={p.src.recurring.data}
            loading={p.src.recurring.isFetching}
            error={p.src.recurring.error}
            onRetry={() => p.src.recurring.refetch()}
            idOf={(d) => d.id!}
            searchText={dripText}
            searchPlaceholder="Search by ID, title or message"
            selected={p.chosen.recurring}
            onChange={p.setChosen.recurring}
            notice={noClient(p.src)}
            empty="No recurring drips on this website."
            controls={<RecurringFilters filter={p.filter} onFilter={p.onFilter} audiences={p.src.audiences.data} />}
            columns={[
              { header: 'ID', cell: (d) => d.id },
              {
                header: 'Notification',
                cell: (d) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {d.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.body}
                    </Text>
                    <UrlCell drip={d} url={p.urls.get(d.id!) ?? d.url ?? ''} onUrl={p.onUrl} />
                  </Stack>
                ),
              },
              { header: 'Status', cell: (d) => (d.is_active === 1 ? 'Active' : 'Inactive') },
            ]}
          />
        </Paper>
      )}
      {p.types.has('welcome') && (
        <Paper withBorder p="md" radius="md">
          <ItemsStep<CopyDrip>
            title="Step 4.2: Welcome drips"
            rows={p.src.welcome.data}
            loading={p.src.welcome.isFetching}
            error={p.src.welcome.error}
            onRetry={() => p.src.welcome.refetch()}
            idOf={(d) => d.id!}
            searchText={dripText}
            searchPlaceholder="Search by ID, title or message"
            selected={p.chosen.welcome}
            onChange={p.setChosen.welcome}
            notice={noClient(p.src)}
            empty="No welcome drips on this website."
            columns={[
              { header: 'Group ID', cell: (d) => d.group_id ?? '—' },
              {
                header: 'Message',
                cell: (d) => (
                  <Stack gap={2}>
                    <Text size="sm" fw={600}>
                      {d.title}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {d.body}
                    </Text>
                  </Stack>
                ),
              },
            ]}
          />
        </Paper>
      )}
      {p.types.has('audiences') && (
        <Paper withBorder p="md" radius="md">
          <ItemsStep<CopySegment>
            title="Step 4.3: Audience filters"
            rows={p.src.audiences.data}
            loading={p.src.audiences.isFetching}
            error={p.src.audiences.error}
            onRetry={() => p.src.audiences.refetch()}
            idOf={(a) => a.id}
            searchText={(a) => `${a.id} ${a.name}`}
            searchPlaceholder="Search by ID or name"
            selected={p.chosen.audiences}
            onChange={p.setChosen.audiences}
            notice={noClient(p.src)}
            empty="No audiences on this website."
            columns={[
              { header: 'ID', cell: (a) => a.id },
              { header: 'Name', cell: (a) => a.name },
            ]}
          />
        </Paper>
      )}
    </>
  );
}
