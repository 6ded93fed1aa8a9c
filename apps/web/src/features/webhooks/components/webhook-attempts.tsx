import { Badge, Table, Text } from '@mantine/core';
import { WEBHOOK_ATTEMPTS_SHOWN, type WebhookAttempt } from '@pushdeck/contracts';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage } from '@/lib/api';
import { useWebhookAttempts } from '../api/use-webhooks';

/** An attempt's outcome in a few words: the status, or why none came. */
export function attemptOutcome(a: Pick<WebhookAttempt, 'ok' | 'status_code' | 'error'>): string {
  if (a.status_code !== null) return `${a.status_code}${a.ok ? ' OK' : ''}`;
  return a.error ?? 'No answer';
}

export function OutcomeBadge({ attempt }: { attempt: WebhookAttempt }) {
  return (
    <Badge color={attempt.ok ? 'green' : 'red'} variant="light" style={{ textTransform: 'none' }}>
      {attempt.status_code ?? 'failed'}
    </Badge>
  );
}

const time = (iso: string) => new Date(iso).toLocaleString();

/** A webhook's last attempts (newest first): when, which event, which try, the outcome, how long it took. */
export function WebhookAttempts({ webhookId }: { webhookId: number }) {
  const attempts = useWebhookAttempts(webhookId, true);
  if (attempts.isPending) return <PanelSkeleton lines={3} label="Loading attempts" />;
  if (attempts.isError) {
    return (
      <PanelError
        message={errorMessage(attempts.error, 'The attempts could not be loaded.')}
        onRetry={() => attempts.refetch()}
        retrying={attempts.isFetching}
      />
    );
  }
  if (attempts.data.length === 0) {
    return <EmptyState title="No attempts yet." hint="Send a test event, or wait for the first event." />;
  }
  return (
    <Table striped withTableBorder aria-label={`Last attempts of webhook ${webhookId}`}>
      <Table.Caption>The last {WEBHOOK_ATTEMPTS_SHOWN} attempts, newest first.</Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Time</Table.Th>
          <Table.Th>Event</Table.Th>
          <Table.Th>Try</Table.Th>
          <Table.Th>Outcome</Table.Th>
          <Table.Th>Duration</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {attempts.data.map((a) => (
          <Table.Tr key={a.id}>
            <Table.Td>{time(a.created_at)}</Table.Td>
            <Table.Td>{a.event_type}</Table.Td>
            <Table.Td>{a.attempt}</Table.Td>
            <Table.Td>
              <Text size="sm" c={a.ok ? 'green' : 'red'}>
                {attemptOutcome(a)}
              </Text>
            </Table.Td>
            <Table.Td>{a.duration_ms} ms</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
