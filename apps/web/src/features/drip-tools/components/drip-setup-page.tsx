import { Alert, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { type Drip, MSG } from '@pushdeck/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { PageBreadcrumbs } from '@/components/page-breadcrumbs';
import { errorMessage } from '@/lib/api';
import { setupRecurring } from '../api/drip-tools-api';
import { useSetupDomains, useSetupTags } from '../api/use-drip-tools';
import { buildTree } from '../lib/domain-tree';
import { DomainTree } from './domain-tree';

/** What the setup screen shows under the Domains: the recurring editor of the drips feature, composed in app/. */
export interface SetupEditorProps {
  /** The website whose audience the drip is sent to. */
  domainId: number;
  domainUrl: string | undefined;
  /** Stores the editor's drip on every chosen website at once (all or nothing); the editor shows its errors. */
  save: (item: Record<string, unknown>) => Promise<Drip[]>;
  onSaved: (drip: { id: number; domain_id: number }, draft: boolean) => void;
}

export interface DripSetupPageProps {
  renderEditor: (props: SetupEditorProps) => ReactNode;
}

/**
 * /drip-tools/instant-setup: a recurring drip created on every website picked in the Domains tree (spec part 1 §2), in
 * one call: the audience is picked on one website, the others use their audience of that name (made where missing).
 */
export function DripSetupPage({ renderEditor }: DripSetupPageProps) {
  const domains = useSetupDomains();
  const tags = useSetupTags();
  const tree = useMemo(() => buildTree(tags.data ?? [], domains.data ?? []), [tags.data, domains.data]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [audienceSite, setAudienceSite] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const [createdOn, setCreatedOn] = useState<number[] | null>(null);
  const urlOf = (id: number) => domains.data?.find((d) => d.id === id)?.url ?? String(id);

  const chosen = [...selected];
  const primary = audienceSite !== null && selected.has(audienceSite) ? audienceSite : (chosen[0] ?? null);
  const loading = domains.isPending || tags.isPending;
  const failure = domains.error ?? tags.error;

  return (
    <Stack gap="md">
      <PageBreadcrumbs
        items={[{ label: 'Home', to: '/' }, { label: 'Dashboard', to: '/dashboard' }, { label: 'Drip Setup' }]}
      />
      <Title order={1} size="h3">
        Drip Setup
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Domains
          </Title>
          {failure ? (
            <PanelError
              title={MSG.error}
              message={errorMessage(failure, MSG.error)}
              onRetry={() => {
                if (domains.isError) domains.refetch();
                if (tags.isError) tags.refetch();
              }}
              retrying={domains.isFetching || tags.isFetching}
            />
          ) : loading ? (
            // the tree's first branches in grey: the panel keeps its height when the websites come
            <PanelSkeleton lines={4} height={22} label="Loading websites" />
          ) : (
            <DomainTree
              nodes={tree}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                setCreatedOn(null);
              }}
            />
          )}
        </Stack>
      </Paper>
      {createdOn && (
        <Alert color="teal" role="status" title={MSG.successfully}>
          The drip was created on {createdOn.map(urlOf).join(', ')}.
        </Alert>
      )}
      {primary === null ? (
        <Text c="dimmed">Pick at least one tag or website in Domains.</Text>
      ) : (
        <Stack gap="sm">
          {chosen.length > 1 && (
            <Select
              label="Audience website"
              description="The audience is picked on this website; the other websites use their audience of the same name."
              data={chosen.map((id) => ({ value: String(id), label: urlOf(id) }))}
              value={String(primary)}
              onChange={(v) => v && setAudienceSite(Number(v))}
              allowDeselect={false}
              w={{ base: '100%', sm: 360 }}
            />
          )}
          <Paper withBorder p="md" radius="md" key={`${primary}-${round}`}>
            {renderEditor({
              domainId: primary,
              domainUrl: domains.data?.find((d) => d.id === primary)?.url,
              save: async (item) => {
                setCreatedOn(null);
                const saved = await setupRecurring(
                  item,
                  chosen.filter((id) => id !== primary),
                );
                setCreatedOn(saved.map((d) => d.domain_id));
                return saved;
              },
              onSaved: () => setRound((r) => r + 1),
            })}
          </Paper>
        </Stack>
      )}
    </Stack>
  );
}
