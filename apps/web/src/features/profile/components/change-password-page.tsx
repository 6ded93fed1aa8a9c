import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Paper, PasswordInput, Stack, Title } from '@mantine/core';
import { type ChangePasswordBody, changePasswordBodySchema } from '@pushdeck/contracts';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useChangePassword } from '../api/change-password';

const FIELDS = ['old_password', 'new_password', 'new_password_confirmation'] as const;
const EMPTY = { old_password: '', new_password: '', new_password_confirmation: '' };

/** Change Password: current, new and confirmation; the server's 422 messages show under the fields. */
export function ChangePasswordPage() {
  const change = useChangePassword();
  const form = useForm<z.input<typeof changePasswordBodySchema>, unknown, ChangePasswordBody>({
    resolver: zodResolver(changePasswordBodySchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    change.mutate(values, {
      onSuccess: (message) => {
        notifySuccess(message);
        form.reset(EMPTY);
      },
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, FIELDS)) notifyFailure(errorMessage(error, 'Error!'));
      },
    }),
  );

  return (
    <Stack maw={480} gap="md">
      <Title order={1} size="h2">
        Change Password
      </Title>
      <Paper withBorder p="lg" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              withAsterisk
              error={errors.old_password?.message}
              aria-invalid={!!errors.old_password || undefined}
              {...form.register('old_password')}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              withAsterisk
              error={errors.new_password?.message}
              aria-invalid={!!errors.new_password || undefined}
              {...form.register('new_password')}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              withAsterisk
              error={errors.new_password_confirmation?.message}
              aria-invalid={!!errors.new_password_confirmation || undefined}
              {...form.register('new_password_confirmation')}
            />
            <Group justify="flex-end">
              <Button type="submit" loading={change.isPending}>
                Change password
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </Stack>
  );
}
