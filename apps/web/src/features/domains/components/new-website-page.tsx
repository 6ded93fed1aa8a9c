import { Anchor, Button, Container, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Domain } from '@pushdeck/contracts';
import { IconArrowLeft, IconCircleCheck } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { NewWebsiteForm } from './new-website-form';

export interface NewWebsitePageProps {
  /** How to install the script on the new website (the integrate feature's guide, composed in app/). */
  renderInstall?: (domain: Domain) => ReactNode;
}

/** NewWebsite (/new-website, no top bar or sidebar): add a website, then install it. */
export function NewWebsitePage({ renderInstall }: NewWebsitePageProps) {
  const [created, setCreated] = useState<Domain | null>(null);

  return (
    <Container size={820} py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Text fw={700} size="lg">
            Pushdeck
          </Text>
          <Anchor component={Link} to="/dashboard" size="sm">
            <Group gap={4}>
              <IconArrowLeft size={14} aria-hidden />
              Back to Dashboard
            </Group>
          </Anchor>
        </Group>
        {created ? (
          <>
            <Paper withBorder p="lg" radius="md">
              <Group gap="sm" wrap="nowrap" align="flex-start">
                <IconCircleCheck size={28} color="var(--mantine-color-teal-6)" aria-hidden />
                <div>
                  <Title order={1} size="h2">
                    Website added
                  </Title>
                  <Text style={{ overflowWrap: 'anywhere' }}>{created.url}</Text>
                  <Text size="sm" c="dimmed">
                    Website Id <span style={{ fontFamily: 'monospace' }}>{created.website_id}</span>
                  </Text>
                </div>
              </Group>
            </Paper>
            <Title order={2} size="h3">
              Install it on your site
            </Title>
            {renderInstall?.(created)}
            <Group justify="space-between">
              <Button variant="default" onClick={() => setCreated(null)}>
                Add another website
              </Button>
              <Button component={Link} to={`/dashboard/${created.id}`}>
                Open website dashboard
              </Button>
            </Group>
          </>
        ) : (
          <Paper withBorder p="lg" radius="md">
            <Title order={1} size="h2" mb="xs">
              Add a website
            </Title>
            <Text size="sm" c="dimmed" mb="md">
              Enter the address of the site whose visitors will subscribe to push notifications. Then install two small
              files on it.
            </Text>
            <NewWebsiteForm onCreated={setCreated} />
          </Paper>
        )}
      </Stack>
    </Container>
  );
}
