import { Anchor, SegmentedControl, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { RegisterClientForm } from './register-client-form';
import { RegisterUserForm } from './register-user-form';

type Mode = 'client' | 'user';

const MODES = [
  { value: 'client', label: 'Client' },
  { value: 'user', label: 'User' },
];

const HINTS: Record<Mode, string> = {
  client: 'Create a client account for your websites. You are signed in straight away.',
  user: 'Join an existing client with the client ID it gave you. An administrator activates your account before you can sign in.',
};

/** Register: a new client account, or a user of an existing client (awaiting activation). */
export function RegisterPage() {
  const [mode, setMode] = useState<Mode>('client');
  return (
    <AuthCard title="Register" subtitle={HINTS[mode]}>
      <Stack gap="md">
        <SegmentedControl
          fullWidth
          aria-label="Account type"
          data={MODES}
          value={mode}
          onChange={(value) => setMode(value === 'user' ? 'user' : 'client')}
        />
        {mode === 'client' ? <RegisterClientForm /> : <RegisterUserForm />}
        <Text size="sm" ta="center">
          Already registered?{' '}
          <Anchor component={Link} to="/login">
            Log in
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
