import { Button, Group, Select, Text } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useSelectedClientUid } from '@/lib/api';
import { useKeyClients } from '../api/api-keys-api';

interface KeyClientPickerProps {
  /** Shown before the picker: what picking a client does here. */
  prompt: string;
  /** Offers 'All clients' (every client's keys) while a client is picked. */
  allClients?: boolean;
}

/**
 * Staff pick the client whose keys they manage: the same acting client as the top bar's picker (the `client` header
 * of every call), here for admins too, whose top bar has none.
 */
export function KeyClientPicker({ prompt, allClients = false }: KeyClientPickerProps) {
  const clients = useKeyClients();
  const [uid, setUid] = useSelectedClientUid();
  const data = (clients.data ?? []).map((c) => ({ value: c.client_uid, label: c.name }));
  return (
    <Group gap="sm" wrap="wrap">
      <Text size="sm">{prompt}</Text>
      <Select
        aria-label="Client whose keys to manage"
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
