import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { type RegisterUserBody, registerUserBodySchema } from '@pushdeck/contracts';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { AccountFields } from '@/components/account-fields/account-fields';
import { useRegisterUser } from '@/lib/auth';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { failureText } from './failure-text';

const FIELDS = ['name', 'email', 'password', 'password_confirmation', 'client_uid'] as const;

/** 'User' sign-up: joins an existing client by the client ID it gave out; the account starts inactive until an
 * administrator activates it, and the page says so. */
export function RegisterUserForm() {
  const register = useRegisterUser();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof registerUserBodySchema>, unknown, RegisterUserBody>({
    resolver: zodResolver(registerUserBodySchema),
    defaultValues: { name: '', email: '', password: '', password_confirmation: '', client_uid: '' },
  });
  const { errors } = form.formState;

  if (register.isSuccess) {
    // The server's answer says what happens next (MSG.registeredAwaitingActivation).
    return (
      <Stack gap="md">
        <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Account created" role="status">
          {register.data.message}
        </Alert>
        <Text size="sm">
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>{' '}
          once your account is active.
        </Text>
      </Stack>
    );
  }

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    register.mutate(values, {
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS))
          setFormError(failureText(error, 'Fail to create the user!'));
      },
    });
  });

  return (
    <FormProvider {...form}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          <AccountFields
            before={
              <TextInput
                label="Client ID"
                description="The client ID your client's administrator gave you."
                withAsterisk
                error={errors.client_uid?.message}
                {...form.register('client_uid')}
              />
            }
          />
          <Button type="submit" loading={register.isPending} fullWidth>
            Create user account
          </Button>
        </Stack>
      </form>
    </FormProvider>
  );
}
