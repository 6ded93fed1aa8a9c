import { Group, Select } from '@mantine/core';
import type { ClientSummary } from '@pushdeck/contracts';
import { SearchInput } from '@/components/search-input/search-input';
import type { UserFilters } from '../api/users-api';
import type { FilterName } from '../lib/use-user-filters';

export interface UsersFiltersProps {
  filters: UserFilters;
  onSearch: (search: string) => void;
  onFilter: (name: FilterName, value: string | null) => void;
  roleOptions: string[];
  /** Null when the viewer may not list clients: no client filter. */
  clients: ClientSummary[] | null;
}

const ACTIVE_OPTIONS = [
  { value: '1', label: 'Active' },
  { value: '0', label: 'Inactive' },
];

/** Search (name or email) and the client, role and activeness filters. */
export function UsersFilters({ filters, onSearch, onFilter, roleOptions, clients }: UsersFiltersProps) {
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <SearchInput value={filters.search} onSearch={onSearch} placeholder="Search" w={{ base: '100%', sm: 260 }} />
      {clients && (
        <Select
          label="Client"
          placeholder="All clients"
          data={clients.map((c) => ({ value: String(c.id), label: `${c.name} (${c.client_uid})` }))}
          value={filters.client_id === null ? null : String(filters.client_id)}
          onChange={(value) => onFilter('client_id', value)}
          searchable
          clearable
          w={220}
        />
      )}
      <Select
        label="Role"
        placeholder="All roles"
        data={roleOptions}
        value={filters.role}
        onChange={(value) => onFilter('role', value)}
        searchable
        clearable
        w={170}
      />
      <Select
        label="Status"
        placeholder="All"
        data={ACTIVE_OPTIONS}
        value={filters.is_active === null ? null : String(filters.is_active)}
        onChange={(value) => onFilter('is_active', value)}
        clearable
        w={130}
      />
    </Group>
  );
}
