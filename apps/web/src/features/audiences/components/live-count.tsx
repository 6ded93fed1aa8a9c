import { Group, Loader, Paper, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { AudienceQuery } from '@pushdeck/contracts';
import { errorMessage } from '@/lib/api';
import { formatCount } from '@/lib/format-number';
import { useLiveCount } from '../api/use-segments';

/** Wait after the last change before counting, so typing asks once. */
export const LIVE_COUNT_DEBOUNCE_MS = 500;

/** How many active subscribers of the website match the query now; `query` undefined while it is incomplete. */
export function LiveCount({ domainId, query }: { domainId: number; query: AudienceQuery | undefined }) {
  const [settled] = useDebouncedValue(query, LIVE_COUNT_DEBOUNCE_MS);
  // A change not yet counted: show the previous number as pending rather than a stale fact.
  const waiting = JSON.stringify(settled) !== JSON.stringify(query);
  const count = useLiveCount(domainId, waiting ? undefined : settled);
  const busy = waiting || count.isFetching;

  let body: React.ReactNode;
  if (!query) body = <Text size="sm">Complete the conditions to see the count.</Text>;
  else if (count.isError && !busy)
    body = (
      <Text size="sm" c="red">
        {errorMessage(count.error, 'Error!')}
      </Text>
    );
  else if (count.data === undefined) body = <Text size="sm">Counting…</Text>;
  else {
    body = (
      <Text size="sm">
        Matching subscribers:{' '}
        <Text span fw={700} fz="lg" title={String(count.data.data)} data-testid="live-count">
          {count.data.is_estimate ? '≈ ' : ''}
          {formatCount(count.data.data)}
        </Text>
      </Text>
    );
  }
  return (
    <Paper withBorder p="sm" role="status" aria-live="polite" aria-busy={busy} aria-label="Live count">
      <Group gap="xs" justify="space-between">
        {body}
        {busy && query && <Loader size="xs" role="progressbar" aria-label="Counting" />}
      </Group>
    </Paper>
  );
}
