import { Alert, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { useAuth } from '@/lib/auth';
import type { TopTable } from '../api/stats-v2-api';
import { useTopStats } from '../api/use-stats-tables';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { useSearchState } from '../lib/search-state';
import { STATS_TEXT } from '../lib/texts';
import { type PerformanceErrors, PerformanceForm } from './performance-form';
import { readPerformance, type TOP_PAGE_PARAMS, topStatsBody, writePerformance } from './performance-params';
import { TopTableCard } from './top-table';

const TABLES: { table: TopTable; title: string; page: (typeof TOP_PAGE_PARAMS)[number]; clients: boolean }[] = [
  { table: 'domainsWelcome', title: 'Top Domains by sent Welcome messages', page: 'page_dw', clients: false },
  { table: 'domainsRecurring', title: 'Top Domains by sent Recurring messages', page: 'page_dr', clients: false },
  { table: 'clientsWelcome', title: 'Top Clients by sent Welcome messages', page: 'page_cw', clients: true },
  { table: 'clientsRecurring', title: 'Top Clients by sent Recurring messages', page: 'page_cr', clients: true },
];

const pageOf = (v: string | null) => (v && /^\d{1,6}$/.test(v) && Number(v) > 0 ? Number(v) : 1);

/**
 * /performance (ClientPerformance): the top websites (and, for moderators, the top clients) by sent welcome and
 * recurring pushes. Moderators see every client and raw website ids; others their websites' URLs.
 */
export function PerformancePage() {
  const { isModerator } = useAuth();
  const [params, patch] = useSearchState();
  const applied = readPerformance(params);
  const [draft, setDraft] = useState(applied);
  const [errors, setErrors] = useState<PerformanceErrors>({});
  const body = topStatsBody(applied);
  const results = {
    domainsWelcome: useTopStats('domainsWelcome', body, pageOf(params.get('page_dw')), isModerator),
    domainsRecurring: useTopStats('domainsRecurring', body, pageOf(params.get('page_dr')), isModerator),
    clientsWelcome: useTopStats('clientsWelcome', isModerator ? body : null, pageOf(params.get('page_cw')), true),
    clientsRecurring: useTopStats('clientsRecurring', isModerator ? body : null, pageOf(params.get('page_cr')), true),
  };
  const failed = Object.values(results).some((r) => r.isError);

  const submit = () => {
    const next: PerformanceErrors = {};
    if (!draft.range) next.range = MSG.fieldRequired;
    if (!draft.timezone) next.timezone = MSG.fieldRequired;
    if (!draft.trunc) next.trunc = MSG.fieldRequired;
    if (draft.metrics.length === 0) next.metrics = MSG.fieldRequired;
    setErrors(next);
    if (Object.keys(next).length > 0) return void notifyFailure(MSG.fieldRequired);
    patch(writePerformance(draft));
  };
  const metrics = applied.metrics;
  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Performance' }]}
      />
      <Title order={1} size="h2">
        Performance
      </Title>
      <Paper withBorder p="md" radius="md">
        <PerformanceForm value={draft} errors={errors} onChange={setDraft} onSubmit={submit} />
      </Paper>
      {failed && (
        <Alert color="red" role="alert">
          {STATS_TEXT.topFailed}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xl: 2 }} spacing="md">
        {TABLES.filter((t) => isModerator || !t.clients).map((t) => (
          <TopTableCard
            key={t.table}
            title={t.title}
            table={t.table}
            body={body}
            columns={[t.clients ? 'client' : isModerator ? 'website_id' : 'url', 'date', ...metrics]}
            titles={{ url: 'Domain', website_id: 'Domain', client: 'Client' }}
            result={results[t.table]}
            page={pageOf(params.get(t.page))}
            onPage={(page) => patch({ [t.page]: page > 1 ? String(page) : null })}
            allClients={isModerator}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
