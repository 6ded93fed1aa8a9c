import { Alert, Modal, Stack } from '@mantine/core';
import type { CreatedApiKey } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { useSelectedClientUid } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { API_KEY_TEXTS } from '../lib/api-key-texts';
import { CreateKeyForm } from './create-key-form';
import { CreatedKeyPanel } from './created-key-panel';
import { KeyClientPicker } from './key-client-picker';

export interface CreateApiKeyDialogProps {
  opened: boolean;
  onClose: () => void;
}

/**
 * Create key: the form, then the new key shown once (closing asks nothing more: the list already holds the key).
 * Staff with no client picked pick the client first (a key belongs to a client).
 */
export function CreateApiKeyDialog({ opened, onClose }: CreateApiKeyDialogProps) {
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const { isStaff } = useAuth();
  const [clientUid] = useSelectedClientUid();
  const needsClient = isStaff && clientUid === null && created === null;

  useEffect(() => {
    if (opened) setCreated(null);
  }, [opened]);

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={created ? 'Your new API key' : 'Create API key'}
      size={560}
      centered
      // the key leaves memory with the dialog (set back to the form once it has faded out, not while it fades)
      onExitTransitionEnd={() => setCreated(null)}
    >
      {needsClient ? (
        <Stack gap="md">
          <Alert color="blue" role="status">
            {API_KEY_TEXTS.pickClientFirst}
          </Alert>
          <KeyClientPicker prompt="Client:" />
        </Stack>
      ) : created ? (
        <CreatedKeyPanel created={created} onDone={onClose} />
      ) : (
        <CreateKeyForm opened={opened} onCreated={setCreated} onCancel={onClose} />
      )}
    </Modal>
  );
}
