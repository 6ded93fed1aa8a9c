import { Button, Checkbox, Group, Modal, SimpleGrid, Text } from '@mantine/core';
import { STATS_MSG } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { columnTitle } from '../lib/columns';
import { COLUMN_CHOICES } from './explorer-params';

export interface ColumnSettingsDialogProps {
  opened: boolean;
  value: string[];
  onClose: () => void;
  onSave: (columns: string[]) => void;
}

/** Which value columns the Data Explorer shows; at least one ('There is must be at least one column selected.'). */
export function ColumnSettingsDialog({ opened, value, onClose, onSave }: ColumnSettingsDialogProps) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState(false);
  useEffect(() => {
    if (opened) {
      setDraft(value);
      setError(false);
    }
  }, [opened, value]);

  const save = () => {
    if (draft.length === 0) return setError(true);
    onSave(COLUMN_CHOICES.filter((c) => draft.includes(c)));
    onClose();
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Column settings" centered size="lg">
      <Checkbox.Group aria-label="Columns" value={draft} onChange={setDraft}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          {COLUMN_CHOICES.map((c) => (
            <Checkbox key={c} value={c} label={columnTitle(c)} />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
      {error && (
        <Text c="red" size="sm" mt="sm" role="alert">
          {STATS_MSG.noColumns}
        </Text>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={save}>Save</Button>
      </Group>
    </Modal>
  );
}
