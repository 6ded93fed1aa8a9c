import { ActionIcon, Group, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { MSG, type SubscriberListRow, subscriberUrlSchema } from '@pushdeck/contracts';
import { IconCheck, IconEyeOff } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useUpdateSubscriber } from '../api/use-subscribers';
import { CopyButton } from './copy-button';

export type UrlField = 'subscription_url' | 'last_url_visited';

const LABELS: Record<UrlField, string> = { subscription_url: 'Subscription Url', last_url_visited: 'Last Url Visited' };

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
  const [draft, setDraft] = useState(stored);
  const [error, setError] = useState<string | null>(null);
  const name = `${LABELS[field]} of subscriber ${row.id}`;

  if (!open) {
    return (
      <Tooltip label="Click To Reveal">
        <UnstyledButton
          aria-label={`Reveal ${name}`}
          onClick={() => {
            setDraft(stored);
            setError(null);
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

  const save = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (update.isPending) return;
    const value = draft.trim() === '' ? null : draft;
    const parsed = subscriberUrlSchema.safeParse(value);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? MSG.error);
      return;
    }
    if ((parsed.data ?? '') === stored) {
      setOpen(false);
      return;
    }
    update.mutate(
      { id: row.id, patch: { [field]: parsed.data } },
      {
        onSuccess: () => {
          setError(null);
          notifySuccess(MSG.successfully);
        },
        onError: (e) => {
          const message = isApiRequestError(e) ? (e.fieldError(field) ?? e.message) : errorMessage(e, MSG.error);
          setError(message);
          notifyFailure(message);
        },
      },
    );
  };

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
          value={draft}
          onChange={(e) => {
            setDraft(e.currentTarget.value);
            setError(null);
          }}
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
