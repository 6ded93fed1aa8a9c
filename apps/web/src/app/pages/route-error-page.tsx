import { Alert, Button, Center, Group, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { errorMessage } from '@/lib/api';
import { isChunkLoadError } from '@/lib/chunks/chunk-load';
import { RouteShownMark } from '../route-shown';
import { ChunkError } from './chunk-error';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  return errorMessage(error, error instanceof Error ? error.message : 'Unexpected error.');
}

/**
 * What a route shows when its guard or screen fails unexpectedly (e.g. the server cannot be reached); a screen whose
 * code failed to load (a deploy while the page was open) reloads the page once (ChunkError).
 */
export function RouteErrorPage() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkError />;
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
