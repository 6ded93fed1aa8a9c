import { Alert, Button, Group, Modal, MultiSelect, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { confirmAction } from '@/components/dialogs/confirm';
import { errorMessage } from '@/lib/api';

export interface PermissionsDialogProps {
  opened: boolean;
  title: string;
  /** Names offered in the multi-select. */
  options: string[];
  /** What the role or user holds now. */
  initial: string[];
  /** The confirmation's text for the picked names; the sync runs only after 'Yes!'. */
  confirmText: (picked: string[]) => string;
  /** Syncs the picked names; a rejection is shown in the dialog, prefixed by `failurePrefix`. */
  onSync: (picked: string[]) => Promise<unknown>;
  failurePrefix: string;
  onDone: () => void;
  onCancel: () => void;
  description?: string;
}

/** Pick permissions with a multi-select, then sync them after a confirmation question. */
export function PermissionsDialog({
  opened,
  title,
  options,
  initial,
  confirmText,
  onSync,
  failurePrefix,
  onDone,
  onCancel,
  description,
}: PermissionsDialogProps) {
  const [picked, setPicked] = useState<string[]>(initial);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: each opening starts from what is held now
  useEffect(() => {
    if (opened) {
      setPicked(initial);
      setFailure(null);
    }
  }, [opened]);

  const save = async () => {
    if (!(await confirmAction({ text: confirmText(picked) }))) return;
    setBusy(true);
    setFailure(null);
    try {
      await onSync(picked);
    } catch (error) {
      setFailure(`${failurePrefix}: ${errorMessage(error, 'Error')}`);
      return;
    } finally {
      setBusy(false);
    }
    onDone();
  };

  return (
    <Modal opened={opened} onClose={busy ? () => {} : onCancel} title={title} size="lg" centered>
      {description && (
        <Text size="sm" c="dimmed" mb="sm">
          {description}
        </Text>
      )}
      <MultiSelect
        label="Permissions"
        data={[...new Set([...options, ...picked])].sort()}
        value={picked}
        onChange={setPicked}
        searchable
        clearable
        nothingFoundMessage="No permission matches"
        disabled={busy}
        // the list itself scrolls (not a ScrollArea around it): axe-core then knows it for the combobox's popup, which
        // the arrow keys scroll, and does not ask for a focusable scroll region (it opens with the dialog: autofocus)
        withScrollArea={false}
        styles={{ options: { maxHeight: 260, overflowY: 'auto' } }}
        data-autofocus
      />
      {failure && (
        <Alert color="red" role="alert" mt="sm">
          {failure}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={busy}>
          Sync
        </Button>
      </Group>
    </Modal>
  );
}
