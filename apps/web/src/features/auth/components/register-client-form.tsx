import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, TextInput } from '@mantine/core';
import { MSG, type RegisterClientBody, registerClientBodySchema } from '@pushdeck/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { AccountFields } from '@/components/account-fields/account-fields';
import { notifySuccess } from '@/components/feedback/notify';
import { HOME_AFTER_LOGIN, useRegisterClient } from '@/lib/auth';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { failureText } from './failure-text';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'client_name'] as const;
const REQUIRED = ['name', 'email', 'password', 'password_confirmation'] as const;

/** 'Client' sign-up: creates a client and its first user, who is then signed in (texts: spec part 2 §5). */
export function RegisterClientForm() {
  const navigate = useNavigate();
  const register = useRegisterClient();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerClientBodySchema>, unknown, RegisterClientBody>({
    resolver: zodResolver(registerClientBodySchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '', client_name: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit(
    ({ client_name, ...values }) => {
      setFormError(null);
      const body = client_name ? { ...values, client_name } : values;
      register.mutate(body, {
        onSuccess: () => {
          notifySuccess('Client has been successfully created!');
          void navigate(HOME_AFTER_LOGIN, { replace: true });
        },
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) {
            setFormError(failureText(error, 'Fail to create the client!'));
          }
        },
      });
    },
    (invalid) => setFormError(REQUIRED.some((field) => invalid[field]) ? MSG.fillRequiredClient : null),
  );

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          <AccountFields>
            <TextInput
              label="Company name"
              description="The name of your client account; your name is used when left empty."
              autoComplete="organization"
              error={errors.client_name?.message}
              {...form.register('client_name')}
            />
          </AccountFields>
          <Button type="submit" loading={register.isPending} fullWidth>
            Create client account
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}
