import { Button, Code, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { ApiKey } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage, useSelectedClientUid } from '@/lib/api';
import { useAuth, useCan } from '@/lib/auth';
import { useApiKeys, useKeyWebsites, useRevokeApiKey } from '../api/api-keys-api';
import { API_KEY_TEXTS } from '../lib/api-key-texts';
import { ApiKeysTable } from './api-keys-table';
import { CreateApiKeyDialog } from './create-api-key-dialog';
import { KeyClientPicker } from './key-client-picker';
import { confirmRevokeKey } from './revoke-api-key';

/** API Keys (issue #27): the client's keys for the server API; create (shown once) and revoke. */
export function ApiKeysPage() {
  const keys = useApiKeys();
  const websites = useKeyWebsites();
  const revoke = useRevokeApiKey();
  const { isStaff } = useAuth();
  const canManage = useCan('apiKeys.manage');
  const [clientUid] = useSelectedClientUid();
  const [creating, setCreating] = useState(false);

  const onRevoke = (key: ApiKey) => void confirmRevokeKey(key, (id) => revoke.mutateAsync(id));
  const createButton = (
    <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
      Create key
    </Button>
  );

  return (
    <Stack gap="md" maw={1400}>
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: API_KEY_TEXTS.title }]} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          {API_KEY_TEXTS.title}
        </Title>
        {canManage && keys.data && keys.data.length > 0 && createButton}
      </Group>
      <Text size="sm" c="dimmed" maw={800}>
        An API key lets your own back end (a shop’s order system, a CMS) call Pushdeck’s server API without a login: it
        sends <Code>Authorization: Bearer &lt;key&gt;</Code>. Give each system its own key with only the scopes it
        needs, and revoke a key as soon as it is no longer used or may have leaked.
      </Text>
      {isStaff && <KeyClientPicker prompt={API_KEY_TEXTS.staffPrompt} allClients />}
      <Paper withBorder radius="md" p={keys.data && keys.data.length > 0 ? 0 : 'md'}>
        {keys.isPending ? (
          <PanelSkeleton lines={4} height={28} label="Loading API keys" />
        ) : keys.isError ? (
          <PanelError
            message={errorMessage(keys.error, API_KEY_TEXTS.loadFailed)}
            onRetry={() => keys.refetch()}
            retrying={keys.isFetching}
          />
        ) : keys.data.length === 0 ? (
          <EmptyState
            title={API_KEY_TEXTS.emptyTitle}
            hint={API_KEY_TEXTS.emptyHint}
            action={canManage ? <Group mt="sm">{createButton}</Group> : undefined}
          />
        ) : (
          <ApiKeysTable
            keys={keys.data}
            websites={websites.data}
            showClient={isStaff && clientUid === null}
            onRevoke={canManage ? onRevoke : undefined}
          />
        )}
      </Paper>
      {canManage && <CreateApiKeyDialog opened={creating} onClose={() => setCreating(false)} />}
    </Stack>
  );
}
