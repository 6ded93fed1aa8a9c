import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, TextInput } from '@mantine/core';
import { DOMAIN_MSG, domainUpdateSchema } from '@pushdeck/contracts';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useUpdateDomain } from '../api/use-domains';

interface PostbackDialogProps {
  opened: boolean;
  domainId: number;
  postback: string | null;
  onClose: () => void;
}

/** The contract's postback rule (required, an http(s) URL), without the update's other fields. */
const postbackSchema = z.object({ postback: domainUpdateSchema.shape.postback.unwrap() });
const FIELDS = ['postback'] as const;

/** The postback URL of a website (500 px wide); empty → 'Type your postback url!' and no call. */
export function PostbackDialog({ opened, domainId, postback, onClose }: PostbackDialogProps) {
  const update = useUpdateDomain(domainId);
  // A message stays until the URL changes, then goes until the next save.
  const form = useForm<z.input<typeof postbackSchema>, unknown, z.output<typeof postbackSchema>>({
    resolver: zodResolver(postbackSchema),
    defaultValues: { postback: postback ?? '' },
    reValidateMode: 'onSubmit',
  });
  const { reset } = form;
  const { errors } = form.formState;

  useEffect(() => {
    if (opened) reset({ postback: postback ?? '' });
  }, [opened, postback, reset]);

  const submit = form.handleSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notifySuccess(DOMAIN_MSG.postbackSuccess);
        onClose();
      },
      onError: (failure) => {
        if (!applyServerErrors(failure, form.setError, FIELDS)) notifyFailure(errorMessage(failure, 'Error!'));
      },
    }),
  );

  return (
    <Modal opened={opened} onClose={update.isPending ? () => {} : onClose} title="Postback" size={500} centered>
      <form onSubmit={submit} noValidate>
        <TextInput
          label="Postback url"
          placeholder="https://example.com/postback"
          error={errors.postback?.message}
          withAsterisk
          data-autofocus
          disabled={update.isPending}
          {...form.register('postback', { onChange: () => form.clearErrors('postback') })}
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
