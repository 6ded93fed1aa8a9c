import { Button, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useAuthFlag } from '@/lib/auth';

/** The Page Not Found screen: also what not-yet-built screens show inside the app layout. */
export function NotFoundPage() {
  const signedIn = useAuthFlag();
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      <Text fz={64} fw={800} c="dimmed" lh={1} aria-hidden>
        404
      </Text>
      <Title order={1}>Page Not Found</Title>
      <Text c="dimmed" maw={460}>
        The page you are looking for does not exist, or it has moved. Check the address, or head back and try again.
      </Text>
      <Button component={Link} to={signedIn ? '/dashboard' : '/'} leftSection={<IconArrowLeft size={16} aria-hidden />}>
        {signedIn ? 'Back to Dashboard' : 'Back to Home'}
      </Button>
    </Stack>
  );
}
