import { Alert, Button, Center, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { CHUNK_MSG, page, reloadForChunkError } from '@/lib/chunks/chunk-load';
import { RouteShownMark } from '../route-shown';

/**
 * A screen's code failed to load (lib/chunks/chunk-load.ts): the page reloads itself once; if it already did so a
 * moment ago, it says what happened and offers Reload.
 */
export function ChunkError() {
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    if (!reloadForChunkError()) setReloading(false);
  }, []);

  return (
    <Center mih="60vh" p="md">
      <RouteShownMark />
      {reloading ? (
        <Stack align="center" gap="sm" role="status">
          <Loader aria-hidden />
          <Text>{CHUNK_MSG.reloading}</Text>
        </Stack>
      ) : (
        <Stack maw={520} w="100%">
          <Title order={1}>{CHUNK_MSG.title}</Title>
          <Alert color="blue" role="alert">
            {CHUNK_MSG.text}
          </Alert>
          <div>
            <Button onClick={() => page.reload()}>{CHUNK_MSG.reload}</Button>
          </div>
        </Stack>
      )}
    </Center>
  );
}
