import { DeferredSelect } from '@/components/deferred/deferred-select';
import type { ClientOption } from '../api/pickers-api';

export interface ClientPickerProps {
  clients: ClientOption[] | undefined;
  loading: boolean;
  value: string | null;
  onChange: (uid: string | null) => void;
}

/** A moderator's 'Select a Client' picker, with search by name or uid. */
export function ClientPicker({ clients, loading, value, onChange }: ClientPickerProps) {
  const data = (clients ?? []).map((c) => ({ value: c.client_uid, label: c.name }));
  return (
    <DeferredSelect
      label="Select a Client"
      placeholder={loading ? 'Loading clients…' : 'Search clients'}
      data={data}
      value={data.some((d) => d.value === value) ? value : null}
      onChange={onChange}
      searchable
      clearable
      nothingFoundMessage="No clients found"
      maxDropdownHeight={250}
      w={{ base: '100%', sm: 320 }}
    />
  );
}
