import { Button, Container, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBellRinging, IconChartBar, IconRepeat, IconUsersGroup } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthFlag } from '@/lib/auth';

const FEATURES = [
  {
    icon: IconBellRinging,
    title: 'Welcome and triggered pushes',
    text: 'Greet new subscribers, optionally after a delay, and send a notification when a named event fires.',
  },
  {
    icon: IconRepeat,
    title: 'Recurring drips',
    text: 'Schedule grouped, tail and spam-recurring campaigns per website, with drafts before they go live.',
  },
  {
    icon: IconUsersGroup,
    title: 'Audiences and tags',
    text: 'Build segments of your subscribers and tag your websites to target the right people.',
  },
  {
    icon: IconChartBar,
    title: 'Statistics',
    text: 'Follow sends, deliveries, clicks and subscriptions per website, client and drip, and export them.',
  },
];

/** Home: what Pushdeck is, with Login and Register calls to action. */
export function HomePage() {
  const signedIn = useAuthFlag();
  return (
    <Container size="md" py={{ base: 'lg', sm: 64 }}>
      <Stack gap="xl">
        <Stack gap="sm" align="flex-start">
          <Title order={1}>Pushdeck</Title>
          <Text size="lg" c="dimmed" maw={640}>
            A self-hosted web-push platform. Your websites load a small script, visitors subscribe, and you run push
            campaigns for every website from one console — alone, or with staff who manage clients for you.
          </Text>
          <Group mt="sm">
            {signedIn ? (
              <Button component={Link} to="/dashboard" size="md">
                Go to Dashboard
              </Button>
            ) : (
              <>
                <Button component={Link} to="/login" size="md">
                  Login
                </Button>
                <Button component={Link} to="/register" size="md" variant="default">
                  Register
                </Button>
              </>
            )}
          </Group>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          {FEATURES.map(({ icon: Icon, title, text }) => (
            <Group key={title} align="flex-start" wrap="nowrap" gap="md">
              <ThemeIcon size={40} radius="md" variant="light" aria-hidden>
                <Icon size={22} />
              </ThemeIcon>
              <div>
                <Text fw={600}>{title}</Text>
                <Text size="sm" c="dimmed">
                  {text}
                </Text>
              </div>
            </Group>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
