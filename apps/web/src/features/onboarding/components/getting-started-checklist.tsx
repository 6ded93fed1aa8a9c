import { Alert, Button, Group, List, Paper, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { GettingStartedStep } from '@pushdeck/contracts';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { errorMessage } from '@/lib/api';
import { useAuth, useCan } from '@/lib/auth';
import { useGettingStarted } from '../api/getting-started-api';

interface StepText {
  title: string;
  text: string;
  action: string;
  /** Where the user does it; null when it needs a website first. */
  to: (domainId: number | null) => string | null;
}

const onSite = (path: string) => (id: number | null) => (id === null ? null : `/dashboard/${id}${path}`);

/** What each step asks and where the user does it. */
export const STEP_TEXTS: Record<GettingStartedStep, StepText> = {
  website: {
    title: 'Add a website',
    text: 'Tell Pushdeck the address of the site your visitors will subscribe on.',
    action: 'Add website',
    to: () => '/new-website',
  },
  script: {
    title: 'Download the script',
    text: 'Download pushmine.js and sw_pm.js from the install guide and put them on your site (ticked when you download them; your first subscriber shows they are installed).',
    action: 'Open the install guide',
    to: onSite('/integrate'),
  },
  subscriber: {
    title: 'Get your first subscriber',
    text: 'Open your site and allow notifications: the first subscription ticks this step.',
    action: 'Check subscriptions',
    to: onSite('/integrate'),
  },
  welcome: {
    title: 'Create a welcome drip',
    text: 'Greet every new subscriber with a push, right away or after a delay (ticked while one is switched on).',
    action: 'Create welcome drip',
    to: onSite('/welcome/new'),
  },
};

/**
 * The getting-started checklist on a client's dashboard: four steps ticked from the server's data, each linking to
 * where the user does it. It is gone once every step is done.
 */
export function GettingStartedChecklist() {
  // Who sees it: people working for their own client who may add a website (its first step), not staff.
  const { isStaff } = useAuth();
  const canAddWebsite = useCan('domains.write');
  const enabled = !isStaff && canAddWebsite;
  const checklist = useGettingStarted(enabled);
  if (!enabled) return null;
  if (checklist.isPending) {
    return (
      <Text size="sm" c="dimmed" role="status">
        Checking your setup…
      </Text>
    );
  }
  if (checklist.isError) {
    return (
      <Alert color="red" title="The getting-started steps could not be loaded.">
        <Group justify="space-between">
          <Text size="sm">{errorMessage(checklist.error, 'Error!')}</Text>
          <Button size="xs" variant="default" onClick={() => void checklist.refetch()}>
            Try again
          </Button>
        </Group>
      </Alert>
    );
  }
  const { steps, done, domain_id } = checklist.data;
  if (done) return null;
  const finished = steps.filter((s) => s.done).length;
  const next = steps.find((s) => !s.done)?.key;
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="getting-started-title">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end">
          <div>
            <Title order={2} size="h4" id="getting-started-title">
              Get started with Pushdeck
            </Title>
            <Text size="sm" c="dimmed">
              {finished} of {steps.length} steps done
            </Text>
          </div>
        </Group>
        <Progress value={(finished / steps.length) * 100} aria-label="Getting started progress" />
        <List spacing="md" listStyleType="none" aria-label="Getting started steps">
          {steps.map((step) => {
            const t = STEP_TEXTS[step.key];
            const to = t.to(domain_id);
            return (
              <List.Item
                key={step.key}
                data-step={step.key}
                data-done={step.done}
                icon={
                  <ThemeIcon color={step.done ? 'teal' : 'gray'} variant={step.done ? 'filled' : 'light'} radius="xl">
                    {step.done ? <IconCheck size={16} aria-hidden /> : <IconCircleDashed size={16} aria-hidden />}
                  </ThemeIcon>
                }
              >
                <Group justify="space-between" wrap="wrap" gap="xs">
                  <div>
                    <Text fw={600} td={step.done ? 'line-through' : undefined}>
                      {t.title}
                      <Text span size="sm" c={step.done ? 'teal' : 'dimmed'} fw={400}>
                        {step.done ? ' — done' : ' — to do'}
                      </Text>
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t.text}
                    </Text>
                  </div>
                  {!step.done &&
                    (to ? (
                      <Button
                        component={Link}
                        to={to}
                        size="xs"
                        variant={step.key === next ? 'filled' : 'light'}
                        aria-label={`${t.action} (${t.title})`}
                      >
                        {t.action}
                      </Button>
                    ) : (
                      <Text size="xs" c="dimmed">
                        Add a website first
                      </Text>
                    ))}
                </Group>
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Paper>
  );
}
