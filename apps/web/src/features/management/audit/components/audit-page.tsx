import { Stack, Text, Title } from '@mantine/core';
import { useMemo } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { DataTable } from '@/components/data-table/data-table';
import { useListParams } from '@/components/data-table/use-list-params';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { useAuditPage } from '../api/audit-api';
import { filterTimes, useAuditFilters } from '../lib/audit-filters';
import { AUDIT_DEFAULT_PAGE_LENGTH, AUDIT_PAGE_SIZES } from '../lib/audit-texts';
import { auditColumns } from './audit-columns';
import { AuditFiltersBar } from './audit-filters-bar';

const MAX_PAGE_LENGTH = 200;

/** Management > Audit (admin): every management change and impersonation, newest first, filtered and paged. */
export function AuditPage() {
  const list = useListParams({ pageLength: AUDIT_DEFAULT_PAGE_LENGTH });
  const [filters, setFilters] = useAuditFilters();
  const pageLength = Math.min(list.pageLength, MAX_PAGE_LENGTH);
  const times = filterTimes(filters);
  const page = useAuditPage({
    page: list.page,
    pageLength,
    actor: filters.actor,
    action: filters.action,
    from: times.from,
    to: times.to,
  });
  const columns = useMemo(() => auditColumns((actor) => setFilters({ actor })), [setFilters]);
  const filtered = Boolean(filters.actor || filters.action || filters.from || filters.to);

  return (
    <Stack gap="md">
      <PageBreadcrumbs items={[{ label: 'Home', to: '/' }, { label: 'Management' }, { label: 'Audit' }]} />
      <Title order={1} size="h2">
        Audit
      </Title>
      <Text size="sm" c="dimmed">
        Every change to clients, users, roles and permissions, and every start and end of an impersonation: who did it,
        acting as whom, before → after, when and from which IP. Passwords and secrets are never recorded.
      </Text>
      <AuditFiltersBar filters={filters} onChange={setFilters} />
      {page.isError && (
        <PanelError
          title="The audit trail could not be loaded"
          message={errorMessage(page.error, 'Error')}
          onRetry={() => page.refetch()}
          retrying={page.isFetching}
        />
      )}
      <DataTable
        caption="Audit entries"
        columns={columns}
        rows={page.data?.rows ?? []}
        total={page.data?.total ?? 0}
        page={list.page}
        pageLength={pageLength}
        pageSizes={AUDIT_PAGE_SIZES}
        sort={null}
        onChange={({ page: next, pageLength: size }) => list.setParams({ page: next, pageLength: size })}
        rowKey="id"
        loading={page.isPending}
        loadingText="Loading the audit trail…"
        emptyText={
          list.page > 1
            ? 'No entries on this page.'
            : filtered
              ? 'No entry matches these filters.'
              : 'Nothing has been recorded yet.'
        }
      />
    </Stack>
  );
}
