import { Badge, Button, Collapse, Group, Paper, Stack, Switch, Text } from '@mantine/core';
import type { Webhook } from '@pushdeck/contracts';
import { IconKey, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { IfAllowed } from '@/components/if-allowed';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useDeleteWebhook, useRollSecret, useSendTestEvent, useUpdateWebhook } from '../api/use-webhooks';
import { attemptOutcome, OutcomeBadge, WebhookAttempts } from './webhook-attempts';

export interface WebhookCardProps {
  webhook: Webhook;
  onEdit: (webhook: Webhook) => void;
  /** A new secret to show once (after Roll secret). */
  onSecret: (secret: string, url: string) => void;
}

/** One webhook: its URL and events, the active switch, the last attempt, and what one can do with it. */
export function WebhookCard({ webhook, onEdit, onSecret }: WebhookCardProps) {
  const canManage = useCan('webhooks.manage');
  const [showAttempts, setShowAttempts] = useState(false);
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const roll = useRollSecret();
  const test = useSendTestEvent();
  const fail = (e: unknown) => notifyFailure(errorMessage(e, 'Error'));

  const toggle = (on: boolean) => update.mutate({ id: webhook.id, body: { is_active: on ? 1 : 0 } }, { onError: fail });
  const sendTest = () =>
    test.mutate(webhook.id, {
      onSuccess: (a) => {
        setShowAttempts(true);
        if (a.ok) notifySuccess(`Test event delivered: ${attemptOutcome(a)}.`);
        else notifyFailure(`Test event not delivered: ${attemptOutcome(a)}.`);
      },
      onError: fail,
    });
  const rollSecret = async () => {
    const yes = await confirmAction({
      title: 'Roll the secret?',
      text: 'A new secret signs every delivery from now on; your server must use it to verify them.',
      confirmLabel: 'Roll secret',
    });
    if (yes) roll.mutate(webhook.id, { onSuccess: (r) => onSecret(r.secret, r.webhook.url), onError: fail });
  };
  const del = async () => {
    const yes = await confirmAction({ text: `The webhook to ${webhook.url} will be deleted.`, danger: true });
    if (yes) remove.mutate(webhook.id, { onSuccess: () => notifySuccess('Webhook deleted.'), onError: fail });
  };

  return (
    <Paper withBorder p="md" component="article" aria-label={`Webhook ${webhook.url}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {webhook.url}
            </Text>
            <Group gap={4}>
              {webhook.events.map((e) => (
                <Badge key={e} variant="outline" style={{ textTransform: 'none' }}>
                  {e}
                </Badge>
              ))}
            </Group>
          </Stack>
          <Switch
            label="Active"
            checked={webhook.is_active === 1}
            disabled={!canManage || update.isPending}
            onChange={(e) => toggle(e.currentTarget.checked)}
          />
        </Group>
        <Group gap="xs" c="dimmed">
          <Text size="sm">Last attempt:</Text>
          {webhook.last_attempt ? (
            <>
              <OutcomeBadge attempt={webhook.last_attempt} />
              <Text size="sm">{new Date(webhook.last_attempt.created_at).toLocaleString()}</Text>
            </>
          ) : (
            <Text size="sm">none yet</Text>
          )}
        </Group>
        <Group gap="xs">
          <IfAllowed action="webhooks.manage">
            <Button
              size="xs"
              variant="light"
              leftSection={<IconSend size={14} />}
              onClick={sendTest}
              loading={test.isPending}
            >
              Send test event
            </Button>
            <Button size="xs" variant="default" leftSection={<IconPencil size={14} />} onClick={() => onEdit(webhook)}>
              Edit
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconKey size={14} />}
              onClick={() => void rollSecret()}
              loading={roll.isPending}
            >
              Roll secret
            </Button>
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={() => void del()}
              loading={remove.isPending}
            >
              Delete
            </Button>
          </IfAllowed>
          <Button size="xs" variant="subtle" onClick={() => setShowAttempts((s) => !s)} aria-expanded={showAttempts}>
            {showAttempts ? 'Hide attempts' : 'Last attempts'}
          </Button>
        </Group>
        <Collapse expanded={showAttempts}>{showAttempts && <WebhookAttempts webhookId={webhook.id} />}</Collapse>
      </Stack>
    </Paper>
  );
}
