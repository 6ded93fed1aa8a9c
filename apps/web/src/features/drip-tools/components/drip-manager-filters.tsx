import { Group, Select } from '@mantine/core';
import type { ManagedType, ManagerFilters, SetupDomain } from '../api/drip-tools-api';

const STATUS = [
  { value: '0', label: 'Inactive' },
  { value: '1', label: 'Active' },
];
const TYPES = [
  { value: 'recurring', label: 'Recurring' },
  { value: 'welcome', label: 'Welcome' },
];

export interface DripManagerFiltersProps {
  filters: ManagerFilters;
  onChange: (patch: Partial<ManagerFilters>) => void;
  domains: SetupDomain[] | undefined;
  domainsLoading: boolean;
}

/** Status (Inactive/Active), website (autocomplete by url) and type (Recurring/Welcome) (spec part 1 §2). */
export function DripManagerFilters({ filters, onChange, domains, domainsLoading }: DripManagerFiltersProps) {
  const domainOptions = (domains ?? []).map((d) => ({ value: String(d.id), label: d.url }));
  return (
    <Group align="flex-end" gap="sm">
      <Select
        label="Status"
        placeholder="Any status"
        data={STATUS}
        value={filters.status === null ? null : String(filters.status)}
        onChange={(v) => onChange({ status: v === '1' ? 1 : v === '0' ? 0 : null })}
        clearable
        w={160}
      />
      <Select
        label="Domain"
        placeholder={domainsLoading ? 'Loading websites…' : 'Search by url'}
        data={domainOptions}
        value={filters.domainId === null ? null : String(filters.domainId)}
        onChange={(v) => onChange({ domainId: v ? Number(v) : null })}
        searchable
        clearable
        nothingFoundMessage={domainsLoading ? 'Loading…' : 'No websites found'}
        maxDropdownHeight={240}
        w={{ base: '100%', sm: 300 }}
      />
      <Select
        label="Type"
        data={TYPES}
        value={filters.type}
        onChange={(v) => v && onChange({ type: v as ManagedType })}
        allowDeselect={false}
        w={160}
      />
    </Group>
  );
}
