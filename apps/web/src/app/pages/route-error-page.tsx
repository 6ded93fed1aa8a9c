import { Alert, Button, Center, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorMessage } from '@/lib/api';
import { RouteShownMark } from '../route-shown';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return errorMessage(error, error instanceof Error ? error.message : 'Unexpected error.');
}

/** What a route shows when its guard or screen fails unexpectedly (e.g. the server cannot be reached). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Center mih="60vh" p="md">
      <RouteShownMark />
      <Stack maw={520} w="100%">
        <Title order={1}>Something went wrong</Title>
        <Alert color="red" icon={<IconAlertCircle aria-hidden />} title="Error">
          {describe(error)}
        </Alert>
        <Group>
          <Button onClick={() => window.location.reload()}>Try again</Button>
          <Button component={Link} to="/" variant="default">
            Home
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}
