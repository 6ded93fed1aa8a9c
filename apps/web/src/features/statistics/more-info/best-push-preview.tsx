import { Avatar, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { z } from 'zod';
import { EmptyState } from '@/components/data-panel/empty-state';
import { PanelError } from '@/components/data-panel/panel-error';
import { PanelSkeleton } from '@/components/data-panel/panel-skeleton';
import { errorMessage } from '@/lib/api';
import { formatCount, formatPercent } from '@/lib/format-number';
import type { BestDrip } from '../api/stats-v1-api';

const buttonsSchema = z.object({
  button1: z.object({ title: z.string() }).partial().optional(),
  button2: z.object({ title: z.string() }).partial().optional(),
});

/** The titles of the drip's action buttons (customization.button1/2.title), when it has any. */
function buttonTitles(customization: unknown): string[] {
  const parsed = buttonsSchema.safeParse(customization);
  if (!parsed.success) return [];
  return [parsed.data.button1?.title, parsed.data.button2?.title].filter((t): t is string => Boolean(t?.trim()));
}

export interface BestPushPreviewProps {
  title: string;
  drip: BestDrip | null | undefined;
  loading: boolean;
  /** The query failed: its error, with a Retry calling `onRetry`. */
  error?: unknown;
  onRetry?: () => unknown;
  retrying?: boolean;
}

/** The best push of a kind (highest push CTR of the period) as a notification preview. */
export function BestPushPreview({ title, drip, loading, error, onRetry, retrying }: BestPushPreviewProps) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="sm">
        {title}
      </Title>
      {error != null && onRetry ? (
        <PanelError
          message={errorMessage(error, 'The statistics could not be loaded.')}
          onRetry={onRetry}
          retrying={retrying}
        />
      ) : loading ? (
        // the preview's lines (title, body, figures) as grey bars
        <PanelSkeleton lines={3} height={20} />
      ) : !drip ? (
        <EmptyState title="No data for this period." hint="Pick a longer period above, or send a push first." />
      ) : (
        <Stack gap="sm">
          <Paper p="sm" radius="md" bg="var(--mantine-color-default-hover)">
            <Group align="flex-start" wrap="nowrap" gap="sm">
              <Avatar src={drip.icon ?? undefined} radius="sm" alt="">
                <IconBell size={18} aria-hidden />
              </Avatar>
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {drip.title}
                </Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {drip.body}
                </Text>
              </div>
            </Group>
            {buttonTitles(drip.customization).length > 0 && (
              <Group gap="xs" mt="xs">
                {buttonTitles(drip.customization).map((t) => (
                  <Button key={t} size="compact-xs" variant="default" tabIndex={-1}>
                    {t}
                  </Button>
                ))}
              </Group>
            )}
          </Paper>
          <Group gap="xs">
            <Badge variant="light">CTR {formatPercent(drip.push_ctr)}</Badge>
            <Text size="xs" c="dimmed">
              {`Drip #${drip.drip_id} · Sent ${formatCount(drip.sent)} · Delivered ${formatCount(drip.delivered)} · Clicked ${formatCount(drip.clicked)}`}
            </Text>
          </Group>
        </Stack>
      )}
    </Paper>
  );
}
