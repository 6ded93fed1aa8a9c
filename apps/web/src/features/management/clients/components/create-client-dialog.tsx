import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack } from '@mantine/core';
import { type CreateClientBody, createClientBodySchema } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AccountFields } from '@/components/account-fields/account-fields';
import { notifySuccess } from '@/components/feedback/notify';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useCreateClient } from '../api/use-clients';
import { anyEmpty, CLIENT_TEXTS, failureText } from '../lib/client-texts';

const FIELDS = ['name', 'email', 'password', 'password_confirmation'] as const;
const EMPTY = { name: '', email: '', password: '', password_confirmation: '' };

export interface CreateClientDialogProps {
  opened: boolean;
  onClose: () => void;
}

/** Create Client: the client and its first user (role client): name, email, password and its confirmation. */
export function CreateClientDialog({ opened, onClose }: CreateClientDialogProps) {
  const create = useCreateClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof createClientBodySchema>, unknown, CreateClientBody>({
    resolver: zodResolver(createClientBodySchema),
    defaultValues: EMPTY,
  });
  const { reset } = form;

  useEffect(() => {
    if (!opened) return;
    reset(EMPTY);
    setFormError(null);
  }, [opened, reset]);

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      create.mutate(values, {
        onSuccess: () => {
          notifySuccess(CLIENT_TEXTS.clientCreated);
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) {
            setFormError(failureText(error, CLIENT_TEXTS.clientCreateFailed));
          }
        },
      });
    },
    () => setFormError(anyEmpty(form.getValues(), FIELDS) ? CLIENT_TEXTS.fillRequired : null),
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Create client" size={420} centered>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <AccountFields forSomeoneElse />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={create.isPending}>
                Create
              </Button>
            </Group>
          </Stack>
        </form>
      </FormProvider>
    </Modal>
  );
}
