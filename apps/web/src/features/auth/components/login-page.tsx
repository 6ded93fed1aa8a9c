import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import type { LoginBody } from '@pushdeck/contracts';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirectTarget, useLogin } from '@/lib/auth';
import { lazyResolver } from '@/lib/forms/lazy-resolver';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { AuthCard } from './auth-card';
import { failureText } from './failure-text';

// zod and the login schema come after the page shows (issue 17: /login's first script has no zod).
const checks = lazyResolver<LoginBody, LoginBody>(() => import('./login-resolver').then((m) => m.loginResolver));

/** Login (spec part 1 §2, part 2 §2): Enter submits; 422 messages under the fields; then `redirect` or /dashboard. */
export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const login = useLogin();
  const [formError, setFormError] = useState<string | null>(null);
  useEffect(checks.preload, []);
  const form = useForm<LoginBody, unknown, LoginBody>({
    resolver: checks.resolver,
    defaultValues: { email: '', password: '' },
  });
  const { errors } = form.formState;

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    login.mutate(values, {
      onSuccess: () => void navigate(safeRedirectTarget(params.get('redirect')), { replace: true }),
      onError: (error) => {
        if (!applyServerErrors(error, form.setError, ['email', 'password'])) setFormError(failureText(error));
      },
    });
  });

  return (
    <AuthCard title="Log in" subtitle="Sign in to manage your websites and push campaigns.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" icon={<IconAlertCircle aria-hidden />} role="alert">
              {formError}
            </Alert>
          )}
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            autoFocus
            withAsterisk
            error={errors.email?.message}
            {...form.register('email')}
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            withAsterisk
            error={errors.password?.message}
            aria-invalid={!!errors.password || undefined}
            visibilityToggleButtonProps={{ 'aria-label': 'Toggle visibility' }}
            {...form.register('password')}
          />
          <Button type="submit" loading={login.isPending} fullWidth>
            Log in
          </Button>
          <Text size="sm" ta="center">
            No account yet?{' '}
            <Anchor component={Link} to="/register">
              Register
            </Anchor>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
