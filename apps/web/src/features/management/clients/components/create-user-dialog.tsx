import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { type CreateUserBody, createUserBodySchema, type ManagedClient } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { AccountFields } from '@/components/account-fields/account-fields';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { grantableRoles } from '../../users/lib/user-rules';
import { useCreateUser, useRoles } from '../api/use-clients';
import { anyEmpty, CLIENT_TEXTS, failureText } from '../lib/client-texts';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'role', 'client_id'] as const;
const REQUIRED = ['name', 'email', 'password', 'password_confirmation', 'role'] as const;

export interface CreateUserDialogProps {
  /** The client the new user belongs to; the dialog is open while it is set. */
  client: ManagedClient | null;
  onClose: () => void;
}

const emptyFor = (clientId: number) => ({
  name: '',
  email: '',
  password: '',
  password_confirmation: '',
  client_id: clientId,
  role: '',
});

/** Create User for a client: name, email, role, password and its confirmation, all required (spec part 2 §5). */
export function CreateUserDialog({ client, onClose }: CreateUserDialogProps) {
  const opened = client !== null;
  const create = useCreateUser();
  const roles = useRoles(opened);
  const { permissions: granted } = useAuth();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof createUserBodySchema>, unknown, CreateUserBody>({
    resolver: zodResolver(createUserBodySchema),
    defaultValues: emptyFor(client?.id ?? 0),
  });
  const { errors } = form.formState;
  const { reset } = form;

  useEffect(() => {
    if (!client) return;
    reset(emptyFor(client.id));
    setFormError(null);
  }, [client, reset]);

  const submit = form.handleSubmit(
    (values) => {
      setFormError(null);
      create.mutate(values, {
        onSuccess: (user) => {
          notifySuccess(`${CLIENT_TEXTS.userCreated} (${user.email})`);
          onClose();
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) {
            setFormError(failureText(error, CLIENT_TEXTS.userCreateFailed));
          }
        },
      });
    },
    () => setFormError(anyEmpty(form.getValues(), REQUIRED) ? CLIENT_TEXTS.fillRequired : null),
  );

  // Nobody gives a role carrying a permission they do not hold (the server refuses it): offer only the rest.
  const roleOptions = grantableRoles(roles.data ?? [], granted);
  const rolesError = roles.isError ? errorMessage(roles.error, 'The roles could not be loaded.') : undefined;

  return (
    <Modal opened={opened} onClose={onClose} title={client ? `Create user for ${client.name}` : ''} size={420} centered>
      <FormProvider {...form}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {formError && (
              <Alert color="red" role="alert">
                {formError}
              </Alert>
            )}
            <AccountFields forSomeoneElse>
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select
                    label="Role"
                    placeholder={roles.isPending ? 'Loading roles…' : 'Pick a role'}
                    data={roleOptions}
                    value={field.value || null}
                    onChange={(value) => field.onChange(value ?? '')}
                    onBlur={field.onBlur}
                    ref={field.ref}
                    error={errors.role?.message ?? rolesError}
                    withAsterisk
                    searchable
                    allowDeselect={false}
                    disabled={roles.isPending || roles.isError}
                    comboboxProps={{ withinPortal: true }}
                  />
                )}
              />
            </AccountFields>
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
