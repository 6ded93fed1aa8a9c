import { Button, Group, Stack, Title } from '@mantine/core';
import { IconFileSpreadsheet, IconFileZip } from '@tabler/icons-react';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import { formatOrderBy, useListParams } from '@/components/data-table/use-list-params';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { SearchInput } from '@/components/search-input/search-input';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useDomainPage } from '../api/use-domains';
import { DOMAIN_COLUMNS } from './domain-columns';
import { DomainTagsEditor } from './domain-tags-editor';
import { useDomainDownloads } from './use-domain-downloads';

const DEFAULT_SORT = { field: 'id', dir: 'desc' } as const;

/** Home > Dashboard > Global Stats > Domains List: search (url text, id or website_id), table, CSV and zip. */
export function DomainsListPage() {
  const list = useListParams({ sort: DEFAULT_SORT });
  const canTag = useCan('domains.tag');
  const orderBy = formatOrderBy(list.sort) ?? 'id:desc';
  const page = useDomainPage({ search: list.search, page: list.page, pageLength: list.pageLength, orderBy });
  const total = page.data?.total ?? 0;
  const downloads = useDomainDownloads({ search: list.search, orderBy, total: page.data?.total });

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Global Stats', to: '/global-stats' },
          { label: 'Domains List' },
        ]}
      />
      <Title order={1} size="h2">
        Domains List
      </Title>
      <Group justify="space-between" align="flex-end">
        <SearchInput value={list.search} onSearch={list.setSearch} placeholder="Search by url, id or website id" />
        <Group gap="xs">
          <Button
            variant="default"
            leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
            loading={downloads.busy === 'csv'}
            onClick={downloads.downloadCsv}
          >
            Download CSV
          </Button>
          <Button
            variant="default"
            leftSection={<IconFileZip size={16} aria-hidden />}
            loading={downloads.busy === 'zip'}
            onClick={downloads.downloadZip}
          >
            Download zip
          </Button>
        </Group>
      </Group>
      {page.isError && (
        <PanelError
          message={errorMessage(page.error, 'Error!')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption="Domains"
        columns={DOMAIN_COLUMNS}
        rows={page.data?.rows ?? []}
        total={total}
        page={list.page}
        pageLength={list.pageLength}
        sort={list.sort}
        onChange={list.onTableChange}
        rowKey="id"
        loading={page.isPending}
        loadingText="Loading websites…"
        emptyText={
          list.search ? (
            <EmptyState title="No website matches the search." hint="Try another search, or clear it." />
          ) : (
            <EmptyState title="No websites yet." hint="Add one with Add website in the top bar." />
          )
        }
        renderExpanded={
          canTag ? (row) => <DomainTagsEditor domainId={row.id} tags={row.domain_tags ?? []} /> : undefined
        }
      />
    </Stack>
  );
}
