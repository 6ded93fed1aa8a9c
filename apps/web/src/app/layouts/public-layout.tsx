import { AppShell, Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { useAuthFlag, useLogout } from '@/lib/auth';
import { Brand } from './brand';

/** Home, Login, Register and Page Not Found (signed out): a simple top bar and the page. */
export function PublicLayout({ children }: { children?: ReactNode }) {
  const signedIn = useAuthFlag();
  const logout = useLogout();
  return (
    <AppShell header={{ height: 60 }} padding="md">
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Brand to="/" />
          <Group gap="xs" component="nav" aria-label="Account">
            {signedIn ? (
              <>
                <Button component={Link} to="/dashboard" variant="subtle">
                  Dashboard
                </Button>
                <Button variant="default" loading={logout.isPending} onClick={() => logout.mutate()}>
                  Logout
                </Button>
              </>
            ) : (
              <>
                <Button component={Link} to="/login" variant="subtle">
                  Login
                </Button>
                <Button component={Link} to="/register">
                  Register
                </Button>
              </>
            )}
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main>{children ?? <Outlet />}</AppShell.Main>
    </AppShell>
  );
}
