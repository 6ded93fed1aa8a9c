import { Button, Group, Modal, TextInput } from '@mantine/core';
import { DOMAIN_MSG } from '@pushdeck/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useUpdateDomain } from '../api/use-domains';

interface PostbackDialogProps {
  opened: boolean;
  domainId: number;
  postback: string | null;
  onClose: () => void;
}

/** The postback URL of a website (500 px wide); empty → 'Type your postback url!' and no call. */
export function PostbackDialog({ opened, domainId, postback, onClose }: PostbackDialogProps) {
  const update = useUpdateDomain(domainId);
  const [value, setValue] = useState(postback ?? '');
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (opened) {
      setValue(postback ?? '');
      setError(null);
    }
  }, [opened, postback]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = value.trim();
    if (!trimmed) {
      setError(DOMAIN_MSG.postbackRequired);
      return;
    }
    update.mutate(
      { postback: trimmed },
      {
        onSuccess: () => {
          notifySuccess(DOMAIN_MSG.postbackSuccess);
          onClose();
        },
        onError: (failure) => {
          const field = isApiRequestError(failure) ? failure.fieldError('postback') : undefined;
          if (field) setError(field);
          else notifyFailure(errorMessage(failure, 'Error!'));
        },
      },
    );
  };

  return (
    <Modal opened={opened} onClose={update.isPending ? () => {} : onClose} title="Postback" size={500} centered>
      <form onSubmit={submit} noValidate>
        <TextInput
          label="Postback url"
          placeholder="https://example.com/postback"
          value={value}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            if (error) setError(null);
          }}
          error={error}
          withAsterisk
          data-autofocus
          disabled={update.isPending}
        />
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={onClose} disabled={update.isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
}
