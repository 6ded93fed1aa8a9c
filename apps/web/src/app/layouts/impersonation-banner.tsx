import { Group, Paper, Text } from '@mantine/core';
import type { UserInfo } from '@pushdeck/contracts';
import { IconUserShield } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { api, parseLater } from '@/lib/api';
import { ReturnToModerationButton } from './top-bar/return-to-moderation-button';

// The shell's answers' schemas load with the call (the first load has no zod: issue 17).
const schemas = () => import('./layout-schemas');

/** The client of the account staff are in (GET /v1/clients/current answers the signed-in user's own client). */
function useCurrentClient(user: UserInfo) {
  return useQuery({
    queryKey: ['clients', 'current', user.id, user.client_id] as const,
    queryFn: async ({ signal }) =>
      (await parseLater(api.get<unknown>('/v1/clients/current', { signal }), schemas, 'currentClientResponse')).data,
    enabled: user.client_id !== null,
    staleTime: 5 * 60_000,
  });
}

function ClientName({ user }: { user: UserInfo }) {
  const client = useCurrentClient(user);
  if (client.data) return <>{client.data.name}</>;
  // While it loads, or if it cannot be read, the client's uid still says whose account this is.
  return <>{user.client_uid ?? 'no client'}</>;
}

/**
 * Shown on every page of the app layout while staff act as a client's user (spec part 1 §2 and §4): whose account
 * this is — name, e-mail, client — and the way back to moderation. A labelled region; its text is a live status so a
 * screen reader announces it.
 */
export function ImpersonationBanner({ user, backToModerUrl }: { user: UserInfo; backToModerUrl: string }) {
  return (
    <Paper
      component="section"
      aria-label="Impersonation"
      withBorder
      radius="md"
      p="sm"
      mb="md"
      bg="orange.0"
      style={{ borderColor: 'var(--mantine-color-orange-4)' }}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        {/* The text keeps at least 260 px; on a phone the button goes under it. */}
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 260px' }}>
          <IconUserShield size={22} aria-hidden color="var(--mantine-color-orange-8)" style={{ flexShrink: 0 }} />
          <Text role="status" size="sm" style={{ overflowWrap: 'anywhere' }}>
            You are signed in as{' '}
            <Text span fw={700} size="sm">
              {user.name}
            </Text>{' '}
            ({user.email}) of the client{' '}
            <Text span fw={700} size="sm">
              <ClientName user={user} />
            </Text>
            . What you do here is done in their account.
          </Text>
        </Group>
        <ReturnToModerationButton url={backToModerUrl} />
      </Group>
    </Paper>
  );
}
