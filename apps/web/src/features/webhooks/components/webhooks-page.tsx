import { Alert, Anchor, Button, Stack, Text, Title } from '@mantine/core';
import { WEBHOOK_MSG, WEBHOOKS_PER_WEBSITE, type Webhook, type WebhookCreate } from '@pushdeck/contracts';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { notifySuccess } from '@/components/feedback/notify';
import { IfAllowed } from '@/components/if-allowed';
import { errorMessage, errorStatus } from '@/lib/api';
import { useCreateWebhook, useUpdateWebhook, useWebhooks } from '../api/use-webhooks';
import { SecretDialog } from './secret-dialog';
import { WebhookCard } from './webhook-card';
import { WebhookDialog } from './webhook-dialog';

function routeId(raw: string | undefined): number | undefined {
  if (!raw || !/^\d{1,10}$/.test(raw)) return undefined;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : undefined;
}

/** /dashboard/:id/webhooks: the website's outcome webhooks (issue #27). */
export function WebhooksPage() {
  const id = routeId(useParams().id);
  return (
    <Stack gap="md" maw={900}>
      <Title order={1} size="h2">
        Webhooks
      </Title>
      <Text size="sm">
        Pushdeck posts what happens to your messages and subscribers (delivered, clicked, unsubscribed, deactivated) to
        your server, signed with the webhook’s secret, and tries again with growing pauses for about an hour until your
        server answers with a 2xx status.
      </Text>
      {id === undefined ? <WebsiteNotFound /> : <WebhookList domainId={id} />}
    </Stack>
  );
}

function WebsiteNotFound() {
  return (
    <Alert color="yellow" title={WEBHOOK_MSG.websiteNotFound}>
      <Anchor component={Link} to="/dashboard">
        Back to Dashboard
      </Anchor>
    </Alert>
  );
}

type Editing = { kind: 'new' } | { kind: 'edit'; webhook: Webhook } | null;

function WebhookList({ domainId }: { domainId: number }) {
  const webhooks = useWebhooks(domainId);
  const create = useCreateWebhook(domainId);
  const update = useUpdateWebhook();
  const [editing, setEditing] = useState<Editing>(null);
  const [secret, setSecret] = useState<{ secret: string; url: string } | null>(null);

  if (errorStatus(webhooks.error) === 404) return <WebsiteNotFound />;
  if (webhooks.isPending) return <PanelSkeleton lines={4} height={20} label="Loading webhooks" />;
  if (webhooks.isError) {
    return (
      <PanelError
        title="Error!"
        message={errorMessage(webhooks.error, 'The webhooks could not be loaded.')}
        onRetry={() => webhooks.refetch()}
        retrying={webhooks.isFetching}
      />
    );
  }
  const full = webhooks.data.length >= WEBHOOKS_PER_WEBSITE;
  const addButton = (
    <IfAllowed action="webhooks.manage">
      <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing({ kind: 'new' })} disabled={full}>
        Add webhook
      </Button>
    </IfAllowed>
  );
  const save = async (body: WebhookCreate) => {
    if (editing?.kind === 'edit') {
      await update.mutateAsync({ id: editing.webhook.id, body });
      notifySuccess('Webhook saved.');
    } else {
      const made = await create.mutateAsync(body);
      setSecret({ secret: made.secret, url: made.webhook.url });
    }
    setEditing(null);
  };

  return (
    <Stack gap="sm">
      {webhooks.data.length === 0 ? (
        <EmptyState
          title="No webhooks yet."
          hint="Add one to have Pushdeck tell your server what happens to your messages and subscribers."
          action={addButton}
        />
      ) : (
        <>
          <Stack gap="xs" align="flex-start">
            {addButton}
            {full && (
              <Text size="sm" c="dimmed">
                {WEBHOOK_MSG.limit}
              </Text>
            )}
          </Stack>
          {webhooks.data.map((w) => (
            <WebhookCard
              key={w.id}
              webhook={w}
              onEdit={(webhook) => setEditing({ kind: 'edit', webhook })}
              onSecret={(s, url) => setSecret({ secret: s, url })}
            />
          ))}
        </>
      )}
      <WebhookDialog
        opened={editing !== null}
        webhook={editing?.kind === 'edit' ? editing.webhook : undefined}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <SecretDialog secret={secret?.secret ?? null} url={secret?.url ?? ''} onClose={() => setSecret(null)} />
    </Stack>
  );
}
