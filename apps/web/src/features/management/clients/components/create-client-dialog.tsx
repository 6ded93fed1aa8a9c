import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { type CreateClientBody, createClientBodySchema } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
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
  const { errors } = form.formState;
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
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <TextInput label="Name" withAsterisk data-autofocus error={errors.name?.message} {...form.register('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="new-password"
            withAsterisk
            error={errors.password?.message}
            {...form.register('password')}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            withAsterisk
            error={errors.password_confirmation?.message}
            {...form.register('password_confirmation')}
          />
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
    </Modal>
  );
}
