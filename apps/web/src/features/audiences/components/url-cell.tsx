import { zodResolver } from '@hookform/resolvers/zod';
import { ActionIcon, Group, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { MSG, type SubscriberListRow, subscriberUrlSchema } from '@pushdeck/contracts';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useUpdateSubscriber } from '../api/use-subscribers';
import { CopyButton } from './copy-button';

export type UrlField = 'subscription_url' | 'last_url_visited';

const LABELS: Record<UrlField, string> = { subscription_url: 'Subscription Url', last_url_visited: 'Last Url Visited' };

/** The inline edit: the contract's URL rule, an emptied box clears the URL (null). */
const draftSchema = z.object({
  url: z
    .string()
    .transform((text) => (text.trim() === '' ? null : text))
    .pipe(subscriberUrlSchema),
});

interface UrlCellProps {
  row: SubscriberListRow;
  field: UrlField;
  /** Without audience_edit the value is revealed read-only. */
  editable: boolean;
}

/** A page URL hidden behind 'Click To Reveal'; revealed, it can be copied and (with the permission) edited inline. */
export function UrlCell({ row, field, editable }: UrlCellProps) {
  const update = useUpdateSubscriber();
  const stored = row[field] ?? '';
  const [open, setOpen] = useState(false);
  // A message stays until the URL changes, then goes until the next save.
  const form = useForm<z.input<typeof draftSchema>, unknown, z.output<typeof draftSchema>>({
    resolver: zodResolver(draftSchema),
    defaultValues: { url: stored },
    reValidateMode: 'onSubmit',
  });
  const draft = useWatch({ control: form.control, name: 'url' });
  const error = form.formState.errors.url?.message;
  const name = `${LABELS[field]} of subscriber ${row.id}`;

  if (!open) {
    return (
      <Tooltip label="Click To Reveal">
        <UnstyledButton
          aria-label={`Click To Reveal ${name}`}
          onClick={() => {
            form.reset({ url: stored });
            setOpen(true);
          }}
        >
          <Text size="sm" c="blue" td="underline">
            Click To Reveal
          </Text>
        </UnstyledButton>
      </Tooltip>
    );
  }

  const save = form.handleSubmit(({ url }) => {
    if (update.isPending) return;
    if ((url ?? '') === stored) {
      setOpen(false);
      return;
    }
    update.mutate(
      { id: row.id, patch: { [field]: url } },
      {
        onSuccess: () => {
          form.clearErrors('url');
          notifySuccess(MSG.successfully);
        },
        onError: (e) => {
          // The server names the edited column; any failure shows under the box and as a snackbar.
          const message = isApiRequestError(e) ? (e.fieldError(field) ?? e.message) : errorMessage(e, MSG.error);
          form.setError('url', { type: 'server', message });
          notifyFailure(message);
        },
      },
    );
  });

  const hide = (
    <Tooltip label="Hide">
      <ActionIcon variant="subtle" size="sm" aria-label={`Hide ${name}`} onClick={() => setOpen(false)}>
        <IconEyeOff size={14} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );

  if (!editable) {
    return (
      <Group gap={4} wrap="nowrap">
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {stored}
        </Text>
        {stored && <CopyButton value={stored} label={`Copy ${name}`} />}
        {hide}
      </Group>
    );
  }

  return (
    <form onSubmit={save} noValidate aria-label={`Edit ${name}`}>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <TextInput
          size="xs"
          aria-label={name}
          {...form.register('url', { onChange: () => form.clearErrors('url') })}
          onKeyDown={(e) => {
            if (e.key === 'Escape') setOpen(false);
          }}
          error={error}
          miw={200}
          style={{ flex: 1 }}
          autoFocus
        />
        <Tooltip label="Save">
          <ActionIcon type="submit" variant="subtle" size="md" aria-label={`Save ${name}`} loading={update.isPending}>
            <IconCheck size={14} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <CopyButton value={draft} label={`Copy ${name}`} />
        {hide}
      </Group>
    </form>
  );
}
