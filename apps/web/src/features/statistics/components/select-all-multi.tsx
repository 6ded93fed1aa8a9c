import { Checkbox, MultiSelect, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { Selection } from '../lib/table-filters';

export interface SelectAllMultiProps {
  label: string;
  data: { value: string; label: string }[];
  value: Selection;
  onChange: (value: Selection) => void;
  loading?: boolean;
  error?: ReactNode;
  required?: boolean;
}

/** A searchable multi-select with a 'Select all' box; all chosen reads as 'all' (an empty filter for the server). */
export function SelectAllMulti({ label, data, value, onChange, loading, error, required }: SelectAllMultiProps) {
  const all = value === 'all';
  return (
    <Stack gap={4} w={{ base: '100%', sm: 300 }}>
      <MultiSelect
        label={label}
        placeholder={loading ? 'Loading…' : all ? `All (${data.length})` : 'Search'}
        data={data}
        value={all ? [] : value}
        onChange={(next) => onChange(next.length > 0 && next.length === data.length ? 'all' : next)}
        searchable
        clearable
        hidePickedOptions
        maxDropdownHeight={220}
        nothingFoundMessage="Nothing found"
        error={error}
        required={required}
        maxValues={1000}
      />
      <Checkbox
        size="xs"
        label={`Select all ${label.toLowerCase()}`}
        checked={all}
        indeterminate={!all && value.length > 0}
        onChange={(e) => onChange(e.currentTarget.checked ? 'all' : [])}
      />
    </Stack>
  );
}
