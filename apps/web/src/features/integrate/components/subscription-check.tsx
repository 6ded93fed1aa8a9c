import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconClockHour4, IconRefresh } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { errorMessage } from '@/lib/api';
import { SUBSCRIPTION_POLL_MS, useIntegrationDomain } from '../api/integration-api';

/**
 * Whether subscriptions are arriving, from the website's last_subscribed_at: 'Checking…' while it loads; a
 * time once one arrived; 'No subscription received yet' only when the server says none did (it asks again every
 * 15 s); and a plain 'cannot tell' when the server does not report the field.
 */
export function SubscriptionCheck({ domainId }: { domainId: number }) {
  const domain = useIntegrationDomain(domainId);
  const again = (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconRefresh size={14} aria-hidden />}
      loading={domain.isFetching}
      onClick={() => void domain.refetch()}
    >
      Check again
    </Button>
  );

  if (domain.isPending) {
    return (
      <Group gap="xs" role="status">
        <Loader size="xs" />
        <Text size="sm">Checking…</Text>
      </Group>
    );
  }
  if (domain.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle size={18} aria-hidden />} title="The check failed" role="status">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(domain.error, 'Error!')}</Text>
          {again}
        </Group>
      </Alert>
    );
  }
  const last = domain.data.last_subscribed_at;
  if (last === undefined) {
    return (
      <Alert color="gray" icon={<IconAlertCircle size={18} aria-hidden />} title="Cannot check yet" role="status">
        This server does not report when the website last got a subscriber, so Pushdeck cannot tell whether
        subscriptions are arriving. Subscriber counts on the dashboard will show them.
      </Alert>
    );
  }
  if (last === null) {
    return (
      <Alert
        color="yellow"
        icon={<IconClockHour4 size={18} aria-hidden />}
        title="No subscription received yet"
        role="status"
      >
        <Group justify="space-between" align="flex-end">
          <Text size="sm">
            Open your site, allow notifications, and this turns green. It checks again every{' '}
            {SUBSCRIPTION_POLL_MS / 1000} seconds.
          </Text>
          {again}
        </Group>
      </Alert>
    );
  }
  return (
    <Alert
      color="teal"
      icon={<IconCircleCheck size={18} aria-hidden />}
      title="Subscriptions are arriving"
      role="status"
    >
      <Group justify="space-between" align="flex-end">
        <Text size="sm">Last subscription: {dayjs(last).format('YYYY-MM-DD HH:mm')}</Text>
        {again}
      </Group>
    </Alert>
  );
}
