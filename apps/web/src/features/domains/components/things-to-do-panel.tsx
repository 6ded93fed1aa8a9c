import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Domain } from '@pushdeck/contracts';
import { IconEdit, IconHandStop, IconLink } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { IfAllowed } from '@/components/if-allowed';
import { useCan } from '@/lib/auth';
import { DomainTagsEditor } from './domain-tags-editor';
import { PostbackDialog } from './postback-dialog';
import { RenameDomainDialog } from './rename-domain-dialog';
import { StatusToggle } from './status-toggle';

type OpenDialog = 'postback' | 'rename' | null;

/** The website dashboard's 'Things to do': Welcome Drip, status, tags, postback and the website's address. */
export function ThingsToDoPanel({ domain }: { domain: Domain }) {
  const titleId = useId();
  const [dialog, setDialog] = useState<OpenDialog>(null);
  const close = () => setDialog(null);
  // The link is offered only to whom its route lets in (the same action): a moder would be sent back.
  const canOpenWelcome = useCan('drips.list');
  const canTag = useCan('domains.tag');
  const canManageTags = useCan('tags.manage');

  return (
    <Paper withBorder p="lg" radius="md" component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId} mb="md">
        Things to do
      </Title>
      {/* links in running text are underlined: colour is not their only mark (axe-core's link-in-text-block) */}
      <Stack gap="lg">
        {canOpenWelcome && (
          <Group gap="xs" wrap="nowrap">
            <IconHandStop size={18} aria-hidden />
            <Text size="sm">
              Greet new subscribers:{' '}
              <Anchor component={Link} to={`/dashboard/${domain.id}/welcome`} underline="always">
                Welcome Drip
              </Anchor>
            </Text>
          </Group>
        )}
        <IfAllowed action="domains.write">
          <StatusToggle domainId={domain.id} isActive={domain.is_active === 1} />
        </IfAllowed>
        {canTag && (
          <Stack gap={4}>
            <DomainTagsEditor domainId={domain.id} tags={domain.domain_tags ?? []} />
            {canManageTags && (
              <Text size="xs" c="dimmed">
                Make your own tags in the{' '}
                <Anchor component={Link} to="/tags-manager" size="xs" underline="always">
                  Tags Manager
                </Anchor>
                .
              </Text>
            )}
          </Stack>
        )}
        <IfAllowed action="domains.write">
          <Group gap="sm">
            <Button
              variant="light"
              leftSection={<IconLink size={16} aria-hidden />}
              onClick={() => setDialog('postback')}
            >
              Postback
            </Button>
            <Button
              variant="light"
              leftSection={<IconEdit size={16} aria-hidden />}
              onClick={() => setDialog('rename')}
            >
              Change domain name
            </Button>
          </Group>
        </IfAllowed>
      </Stack>
      <PostbackDialog opened={dialog === 'postback'} domainId={domain.id} postback={domain.postback} onClose={close} />
      <RenameDomainDialog opened={dialog === 'rename'} domainId={domain.id} onClose={close} />
    </Paper>
  );
}
