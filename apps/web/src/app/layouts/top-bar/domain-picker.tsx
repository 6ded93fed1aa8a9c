import { Group, Text } from '@mantine/core';
import { IconWorld } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useMatch, useNavigate } from 'react-router';
import { DeferredSelect } from '@/components/deferred/deferred-select';
import { api, parseLater, useSelectedClientUid } from '@/lib/api';
import { ALL_WEBSITES, domainOptions, filterDomainOptions } from './domain-options';

const schemas = () => import('../layout-schemas');

async function fetchPickerDomains(signal: AbortSignal) {
  return (await parseLater(api.get<unknown>('/v1/domains', { signal }), schemas, 'pickerDomainsResponse')).data;
}

interface DomainPickerProps {
  /** False until a moderator has picked a client: the list is that client's websites. */
  enabled?: boolean;
}

/**
 * Top-bar website picker: 'All Websites' opens /dashboard, a domain opens /dashboard/{id}; the website open now is
 * the one shown. Searchable by URL text or id, and used from the keyboard (arrows, Enter, Escape).
 */
export function DomainPicker({ enabled = true }: DomainPickerProps) {
  const navigate = useNavigate();
  const match = useMatch('/dashboard/:id/*');
  const [clientUid] = useSelectedClientUid();
  const domains = useQuery({
    queryKey: ['domains', 'picker', clientUid],
    queryFn: ({ signal }) => fetchPickerDomains(signal),
    enabled,
  });
  const data = useMemo(() => domainOptions(domains.data ?? []), [domains.data]);
  const current = match?.params.id ?? ALL_WEBSITES;
  const nothingFound = !enabled
    ? 'Select a client first'
    : domains.isPending
      ? 'Loading…'
      : domains.isError
        ? 'The websites could not be loaded.'
        : 'No websites found';

  return (
    <DeferredSelect
      aria-label="Website"
      placeholder={enabled ? 'Search websites' : 'Select a client first'}
      disabled={!enabled}
      leftSection={<IconWorld size={16} aria-hidden />}
      data={data}
      value={!enabled ? null : data.some((option) => option.value === current) ? current : ALL_WEBSITES}
      searchable
      allowDeselect={false}
      filter={filterDomainOptions}
      maxDropdownHeight={200}
      nothingFoundMessage={nothingFound}
      error={domains.isError ? true : undefined}
      w={{ base: 170, sm: 240, md: 280 }}
      miw={0}
      comboboxProps={{ width: 280, position: 'bottom-start' }}
      renderOption={({ option }) => (
        <Group justify="space-between" wrap="nowrap" w="100%" gap="xs">
          <Text size="sm" truncate>
            {option.label}
          </Text>
          {option.value !== ALL_WEBSITES && (
            <Text size="xs" c="dimmed">
              #{option.value}
            </Text>
          )}
        </Group>
      )}
      // Typing replaces the shown URL instead of appending to it.
      onFocus={(event) => event.currentTarget.select()}
      onClick={(event) => event.currentTarget.select()}
      onChange={(value) => {
        void navigate(!value || value === ALL_WEBSITES ? '/dashboard' : `/dashboard/${value}`);
      }}
    />
  );
}
