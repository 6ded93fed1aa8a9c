import { Alert, Anchor, Breadcrumbs, Loader, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api';
import { useSetupDomains, useSetupTags } from '../api/use-drip-tools';
import { buildTree } from '../lib/domain-tree';
import { DomainTree } from './domain-tree';
import { useCopyToDomains } from './use-copy-to-domains';

/** What the setup screen shows under the Domains: the recurring editor of the drips feature, composed in app/. */
export interface SetupEditorProps {
  /** The website whose audience the drip is sent to; the editor creates the drip there. */
  domainId: number;
  domainUrl: string | undefined;
  onSaved: (drip: { id: number; domain_id: number }, draft: boolean) => void;
}

export interface DripSetupPageProps {
  renderEditor: (props: SetupEditorProps) => ReactNode;
}

/**
 * /drip-tools/instant-setup: a recurring drip created on every website picked in the Domains tree (spec part 1 §2).
 * The editor saves it on the audience's website; the other websites get the same drip with their audience of that name.
 */
export function DripSetupPage({ renderEditor }: DripSetupPageProps) {
  const domains = useSetupDomains();
  const tags = useSetupTags();
  const tree = useMemo(() => buildTree(tags.data ?? [], domains.data ?? []), [tags.data, domains.data]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [audienceSite, setAudienceSite] = useState<number | null>(null);
  const [round, setRound] = useState(0);
  const copy = useCopyToDomains();
  const urlOf = (id: number) => domains.data?.find((d) => d.id === id)?.url ?? String(id);

  const chosen = [...selected];
  const primary = audienceSite !== null && selected.has(audienceSite) ? audienceSite : (chosen[0] ?? null);
  const loading = domains.isPending || tags.isPending;
  const failure = domains.error ?? tags.error;

  return (
    <Stack gap="md">
      <Breadcrumbs>
        <Anchor component={Link} to="/">
          Home
        </Anchor>
        <Anchor component={Link} to="/dashboard">
          Dashboard
        </Anchor>
        <Text>Drip Setup</Text>
      </Breadcrumbs>
      <Title order={1} size="h3">
        Drip Setup
      </Title>
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h5">
            Domains
          </Title>
          {failure ? (
            <Alert color="red" role="alert" title={MSG.error}>
              {errorMessage(failure, MSG.error)}
            </Alert>
          ) : loading ? (
            <Loader size="sm" aria-label="Loading websites" />
          ) : (
            <DomainTree
              nodes={tree}
              selected={selected}
              onChange={(next) => {
                setSelected(next);
                copy.clear();
              }}
              disabled={copy.pending}
            />
          )}
        </Stack>
      </Paper>
      {copy.result?.kind === 'done' && (
        <Alert color="teal" role="status" title={MSG.successfully}>
          The drip was created on {copy.result.domainIds.map(urlOf).join(', ')}.
        </Alert>
      )}
      {copy.result?.kind === 'failed' && (
        <Alert color="red" role="alert" title={MSG.error}>
          The drip was created on {copy.result.createdOn.map(urlOf).join(', ')} only: {copy.result.message}
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
          {copy.pending ? (
            <Loader size="sm" aria-label="Creating the drip on the other websites" />
          ) : (
            <Paper withBorder p="md" radius="md" key={`${primary}-${round}`}>
              {renderEditor({
                domainId: primary,
                domainUrl: domains.data?.find((d) => d.id === primary)?.url,
                onSaved: (drip) => {
                  const others = chosen.filter((id) => id !== drip.domain_id);
                  void copy.copy(drip, others).then(() => setRound((r) => r + 1));
                },
              })}
            </Paper>
          )}
        </Stack>
      )}
    </Stack>
  );
}
