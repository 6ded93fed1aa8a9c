import { Button, Group, Stack, Title } from '@mantine/core';
import type { ManagedClient } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { IfAllowed } from '@/components/if-allowed';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useClientPage } from '../api/use-clients';
import { CLIENT_COLUMNS } from './client-columns';
import { ClientUsers } from './client-users';
import { CreateClientDialog } from './create-client-dialog';
import { CreateUserDialog } from './create-user-dialog';

const DEFAULT_SORT = { field: 'name', dir: 'asc' } as const;

/** Dev Settings > Clients: clients with their users, activeness, Create Client, Create User and 'Log in as'. */
export function ClientsManagementPage() {
  const list = useListParams({ sort: DEFAULT_SORT });
  const orderBy = formatOrderBy(list.sort) ?? 'name:asc';
  const page = useClientPage({ search: list.search, page: list.page, pageLength: list.pageLength, orderBy });
  const [creatingClient, setCreatingClient] = useState(false);
  const [userFor, setUserFor] = useState<ManagedClient | null>(null);

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Dev Settings' }, { label: 'Clients' }]} />
      <Group justify="space-between" align="flex-end">
        <Title order={1} size="h2">
          Clients Management
        </Title>
        <IfAllowed action="management.clients.write">
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreatingClient(true)}>
            Create client
          </Button>
        </IfAllowed>
      </Group>
      <SearchInput value={list.search} onSearch={list.setSearch} placeholder="Search by name or client UID" />
      {page.isError && (
        <PanelError
          message={errorMessage(page.error, 'Error!')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption="Clients"
        columns={CLIENT_COLUMNS}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending}
        loadingText="Loading clients…"
        emptyText={
          page.isError
            ? 'The clients could not be loaded.'
            : list.search
              ? 'No client matches the search.'
              : 'No clients yet.'
        }
        renderExpanded={(client) => <ClientUsers client={client} onCreateUser={setUserFor} />}
      />
      <CreateClientDialog opened={creatingClient} onClose={() => setCreatingClient(false)} />
      <CreateUserDialog client={userFor} onClose={() => setUserFor(null)} />
    </Stack>
  );
}
