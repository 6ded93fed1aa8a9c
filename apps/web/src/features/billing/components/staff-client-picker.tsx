import { Button, Group, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { DeferredSelect } from '@/components/deferred/deferred-select';
import { useSelectedClientUid } from '@/lib/api';
import { useAllClients } from '../api/billing-api';

interface StaffClientPickerProps {
  /** Shown before the picker: what picking a client does here. */
  prompt: string;
  /** Offers 'All clients' (back to the overview) while a client is picked. */
  allClients?: boolean;
}

/**
 * Staff pick the client Billing and Upgrade act for: the same acting client as the top bar's picker (the `client`
 * header of every call), here too for admins, whose top bar has none.
 */
export function StaffClientPicker({ prompt, allClients = false }: StaffClientPickerProps) {
  const clients = useAllClients();
  const [uid, setUid] = useSelectedClientUid();
  const data = (clients.data ?? []).map((c) => ({ value: c.client_uid, label: c.name }));
  return (
    <Group gap="sm" wrap="wrap">
      <Text>{prompt}</Text>
      <DeferredSelect
        aria-label="Client to act for"
        placeholder={clients.isPending ? 'Loading clients…' : 'Select a client'}
        leftSection={<IconBuildingStore size={16} aria-hidden />}
        data={data}
        value={data.some((d) => d.value === uid) ? uid : null}
        onChange={setUid}
        searchable
        allowDeselect={false}
        nothingFoundMessage={clients.isError ? 'The clients could not be loaded.' : 'No clients found'}
        w={240}
      />
      {allClients && uid !== null && (
        <Button variant="default" onClick={() => setUid(null)}>
          All clients
        </Button>
      )}
    </Group>
  );
}
