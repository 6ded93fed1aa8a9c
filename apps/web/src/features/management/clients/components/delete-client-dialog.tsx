import { Alert, Button, Group, List, Modal, Progress, Stack, Text, TextInput } from '@mantine/core';
import type { ClientDeletionCounts, ManagedClient } from '@pushdeck/contracts';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useDeleteClient, useDeletion, useDeletionImpact, useInvalidateClients } from '../api/use-clients';
import { DELETE_TEXTS } from '../lib/client-texts';

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/** What goes, in the words of the confirmation. */
function whatGoes(c: ClientDeletionCounts): string[] {
  return [
    plural(c.users, 'user'),
    plural(c.websites, 'website'),
    plural(c.subscribers, 'subscriber'),
    plural(c.drips, 'drip'),
    plural(c.audiences, 'audience'),
    plural(c.files, 'export file'),
    `${plural(c.messages, 'message')} of send history, and all statistics`,
  ];
}

export interface DeleteClientDialogProps {
  /** The client to delete; null: closed. */
  client: ManagedClient | null;
  onClose: () => void;
}

/**
 * Delete client: names what goes, asks for the client's name, then follows the deletion job until it is done (the
 * dialog may be closed meanwhile: the job goes on, and opening it again shows its progress).
 */
export function DeleteClientDialog({ client, onClose }: DeleteClientDialogProps) {
  const impact = useDeletionImpact(client?.id ?? null);
  const remove = useDeleteClient();
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [deletionId, setDeletionId] = useState<string | null>(null);
  const deletion = useDeletion(deletionId);
  const invalidate = useInvalidateClients();
  const announced = useRef<string | null>(null);
  const running = impact.data?.running ?? null;
  const status = deletion.data?.status;

  useEffect(() => {
    if (client) return;
    setTyped('');
    setFieldError(null);
    setFormError(null);
    setDeletionId(null);
  }, [client]);

  useEffect(() => {
    if (running) setDeletionId(running.id);
  }, [running]);

  useEffect(() => {
    const done = deletion.data;
    if (status !== 'completed' || !done || announced.current === done.id) return;
    announced.current = done.id;
    notifySuccess(DELETE_TEXTS.deleted(done.client_name));
    void invalidate();
    onClose();
  }, [status, deletion.data, onClose, invalidate]);

  const name = client?.name ?? '';
  const matches = typed.trim() !== '' && typed.trim() === name.trim();
  const blocked = impact.data?.blocked_by ?? null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!client || !matches || blocked) return;
    setFormError(null);
    remove.mutate(
      { id: client.id, confirmName: typed },
      {
        onSuccess: (started) => setDeletionId(started.id),
        onError: (error) => {
          const field = isApiRequestError(error) ? error.fieldError('confirm_name') : undefined;
          if (field) setFieldError(field);
          else setFormError(errorMessage(error, DELETE_TEXTS.failed));
        },
      },
    );
  };

  let body: ReactNode;
  if (deletionId) {
    const d = deletion.data;
    const pct = d && d.progress.total > 0 ? Math.min(100, Math.round((d.progress.done / d.progress.total) * 100)) : 0;
    body = (
      <Stack gap="md">
        {d?.status === 'failed' ? (
          <Alert color="red" role="alert" title={DELETE_TEXTS.failed}>
            {d.reason}
          </Alert>
        ) : (
          <>
            <Text size="sm">{DELETE_TEXTS.deleting(name)}</Text>
            <Progress value={pct} size="lg" animated aria-label={DELETE_TEXTS.progressLabel} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {d
                ? d.status === 'queued'
                  ? DELETE_TEXTS.queued
                  : `${pct}% — ${d.progress.done.toLocaleString('en-US')} of ${d.progress.total.toLocaleString('en-US')} rows`
                : DELETE_TEXTS.queued}
            </Text>
            <Text size="xs" c="dimmed">
              {DELETE_TEXTS.goesOn}
            </Text>
          </>
        )}
        {deletion.isError && (
          <PanelError
            message={errorMessage(deletion.error, DELETE_TEXTS.progressFailed)}
            onRetry={() => deletion.refetch()}
            retrying={deletion.isFetching}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    );
  } else if (impact.isError) {
    body = (
      <PanelError
        message={errorMessage(impact.error, DELETE_TEXTS.impactFailed)}
        onRetry={() => impact.refetch()}
        retrying={impact.isFetching}
      />
    );
  } else if (!impact.data) {
    body = <PanelSkeleton lines={6} label={DELETE_TEXTS.loading} />;
  } else {
    body = (
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <Text size="sm">
            {DELETE_TEXTS.intro} <strong>{name}</strong> ({impact.data.client.client_uid}):
          </Text>
          <List size="sm" spacing={2}>
            {whatGoes(impact.data.counts).map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          <Text size="sm" c="red.8" fw={500}>
            {DELETE_TEXTS.noUndo}
          </Text>
          {blocked && (
            <Alert color="yellow" role="status">
              {blocked}
            </Alert>
          )}
          <TextInput
            label={DELETE_TEXTS.typeName(name)}
            value={typed}
            onChange={(e) => {
              setTyped(e.currentTarget.value);
              setFieldError(null);
            }}
            error={fieldError}
            autoComplete="off"
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="red" disabled={!matches || blocked !== null} loading={remove.isPending}>
              {DELETE_TEXTS.button}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  return (
    <Modal opened={client !== null} onClose={onClose} title={DELETE_TEXTS.title} size={480} centered>
      {body}
    </Modal>
  );
}
