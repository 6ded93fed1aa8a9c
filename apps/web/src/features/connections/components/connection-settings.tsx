import { Button, Collapse, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { INFRA_MSG } from '@pushdeck/contracts';
import { IconPlugConnected, IconWorld } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '@/components/dialogs/confirm';
import { notifyFailure, showResultPopup as showResult } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useCan } from '@/lib/auth';
import { useBindGeo } from '../api/use-connections';
import { ConnectionsTable } from './connections-table';
import { NewConnectionForm } from './new-connection-form';

export interface ConnectionSettingsProps {
  domain: { id: number; url: string };
}

/**
 * 'Connection settings' of a website (spec part 2 §2; admin only): the API and Database connections bound to it.
 * The master API connection is the API base of the website's pushmine.js and sw_pm.js.
 */
export function ConnectionSettingsButton({ domain }: ConnectionSettingsProps) {
  const allowed = useCan('management.infrastructure');
  const [open, setOpen] = useState(false);
  if (!allowed) return null;
  return (
    <>
      <Button variant="light" leftSection={<IconPlugConnected size={16} aria-hidden />} onClick={() => setOpen(true)}>
        Connection settings
      </Button>
      <Modal
        opened={open}
        onClose={() => setOpen(false)}
        title={`Connection settings: ${domain.url}`}
        size="90rem"
        centered
      >
        {open && <ConnectionSettingsBody domainId={domain.id} />}
      </Modal>
    </>
  );
}

function ConnectionSettingsBody({ domainId }: { domainId: number }) {
  const geo = useBindGeo(domainId);
  const [creating, setCreating] = useState(false);
  const changeGeo = async () => {
    const yes = await confirmAction({
      text: 'The connections whose region matches this website’s geo tags will be bound to it.',
    });
    if (!yes) return showResult(INFRA_MSG.cancelled);
    geo.mutate(undefined, {
      onSuccess: (bound) =>
        showResult(INFRA_MSG.changed, bound.length ? `${bound.length} connection(s) bound.` : 'Nothing new to bind.'),
      onError: (e) => notifyFailure(errorMessage(e, 'Error')),
    });
  };
  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          The master API connection is the API base written into this website’s pushmine.js and sw_pm.js; without one
          they call this instance.
        </Text>
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconWorld size={16} aria-hidden />}
            onClick={() => void changeGeo()}
            loading={geo.isPending}
          >
            Change Geo
          </Button>
          <Button variant="subtle" onClick={() => setCreating((c) => !c)} aria-expanded={creating}>
            New connection
          </Button>
        </Group>
      </Group>
      <Collapse expanded={creating}>
        <NewConnectionForm onDone={() => setCreating(false)} />
        <Divider mt="md" />
      </Collapse>
      <ConnectionsTable domainId={domainId} type="api" />
      <ConnectionsTable domainId={domainId} type="db" />
    </Stack>
  );
}
