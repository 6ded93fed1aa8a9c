import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, Modal, Stack, Switch, TextInput } from '@mantine/core';
import {
  WEBHOOK_EVENTS,
  type Webhook,
  type WebhookCreate,
  type WebhookEventType,
  webhookCreateSchema,
} from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';

/** What each event means, in the dialog's words. */
export const EVENT_LABELS: Record<WebhookEventType, string> = {
  delivered: 'Delivered: a browser showed a message',
  clicked: 'Clicked: a subscriber clicked a message or one of its buttons',
  unsubscribed: 'Unsubscribed: a subscriber unsubscribed',
  deactivated: 'Deactivated: the push service no longer knows a subscriber (404/410)',
};

type FormValues = z.input<typeof webhookCreateSchema>;

export interface WebhookDialogProps {
  opened: boolean;
  /** The webhook being edited; none: a new one. */
  webhook?: Webhook | undefined;
  /** Saves; a rejection is shown in the dialog (422 under its field, anything else above the buttons). */
  onSubmit: (body: WebhookCreate) => Promise<unknown>;
  onClose: () => void;
}

const valuesOf = (w?: Webhook): FormValues =>
  w
    ? { url: w.url, events: [...w.events], is_active: w.is_active === 1 ? 1 : 0 }
    : { url: '', events: [], is_active: 1 };

/** Add or edit a webhook: its URL, the events it receives, and whether it is on. */
export function WebhookDialog({ opened, webhook, onSubmit, onClose }: WebhookDialogProps) {
  const form = useForm<FormValues, unknown, WebhookCreate>({
    resolver: zodResolver(webhookCreateSchema),
    defaultValues: valuesOf(webhook),
  });
  const { reset } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const submitting = form.formState.isSubmitting;

  useEffect(() => {
    if (opened) {
      reset(valuesOf(webhook));
      setFailure(null);
    }
  }, [opened, webhook, reset]);

  const submit = form.handleSubmit(async (body) => {
    setFailure(null);
    try {
      await onSubmit(body);
    } catch (error) {
      if (!applyServerErrors(error, form.setError, ['url', 'events'])) setFailure(errorMessage(error, 'Error'));
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={submitting ? () => {} : onClose}
      title={webhook ? 'Edit webhook' : 'Add webhook'}
      size={520}
      centered
    >
      <form onSubmit={(event) => void submit(event)} noValidate aria-label={webhook ? 'Edit webhook' : 'Add webhook'}>
        <Stack gap="sm">
          <TextInput
            label="URL"
            description="Where Pushdeck posts the events: an https address of your server."
            placeholder="https://example.com/pushdeck/webhook"
            {...form.register('url')}
            error={form.formState.errors.url?.message}
            withAsterisk
            data-autofocus
            disabled={submitting}
            autoComplete="off"
          />
          <Controller
            control={form.control}
            name="events"
            render={({ field, fieldState }) => (
              <Checkbox.Group
                label="Events"
                withAsterisk
                value={field.value ?? []}
                onChange={field.onChange}
                error={fieldState.error?.message ?? form.formState.errors.events?.root?.message}
              >
                <Stack gap={6} mt={6}>
                  {WEBHOOK_EVENTS.map((e) => (
                    <Checkbox key={e} value={e} label={EVENT_LABELS[e]} disabled={submitting} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          />
          <Controller
            control={form.control}
            name="is_active"
            render={({ field }) => (
              <Switch
                label="Active"
                checked={field.value === 1}
                onChange={(e) => field.onChange(e.currentTarget.checked ? 1 : 0)}
                disabled={submitting}
              />
            )}
          />
          {failure && (
            <Alert color="red" role="alert">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={submitting}>
              Cancel
            </Button>
            <Button type="submit" loading={submitting}>
              {webhook ? 'Save' : 'Add webhook'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
