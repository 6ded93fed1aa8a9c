import { IconBuildingStore } from '@tabler/icons-react';
import { DeferredSelect } from '@/components/deferred/deferred-select';
import { useClients } from '@/features/statistics/api/use-pickers';
import { useSelectedClientUid } from '@/lib/api';

/**
 * A moderator's client, picked before a website (spec part 2 §6: moderators pick the client first). The choice is
 * the acting client every screen uses (the `client` header), the same one the statistics' 'Select a Client' sets.
 */
export function TopBarClientPicker() {
  const clients = useClients();
  const [uid, setUid] = useSelectedClientUid();
  const data = (clients.data ?? []).map((c) => ({ value: c.client_uid, label: c.name }));
  return (
    <DeferredSelect
      aria-label="Client"
      placeholder={clients.isPending ? 'Loading clients…' : 'Select a client'}
      leftSection={<IconBuildingStore size={16} aria-hidden />}
      data={data}
      value={data.some((d) => d.value === uid) ? uid : null}
      onChange={setUid}
      searchable
      allowDeselect={false}
      maxDropdownHeight={250}
      nothingFoundMessage={
        clients.isPending ? 'Loading…' : clients.isError ? 'The clients could not be loaded.' : 'No clients found'
      }
      error={clients.isError ? true : undefined}
      w={{ base: 130, sm: 180, md: 220 }}
      miw={0}
      comboboxProps={{ width: 240, position: 'bottom-start' }}
      onFocus={(event) => event.currentTarget.select()}
    />
  );
}
