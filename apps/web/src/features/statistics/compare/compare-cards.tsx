import { Box, Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { SkeletonBar } from '@/components/data-panel/skeleton-bar';
import { type CompareLine, compareDifference, compareLines, formatSide } from '../lib/compare';

function CompareCard({ line, nameA, nameB }: { line: CompareLine; nameA: string; nameB: string }) {
  const id = useId();
  const diff = compareDifference(line);
  const color = diff.ahead ? 'teal' : 'red';
  return (
    <Paper withBorder p="md" radius="md" role="group" aria-labelledby={id}>
      <Text id={id} size="xs" c="dimmed" tt="uppercase" fw={600}>
        {line.label}
      </Text>
      <Text fz={24} fw={700} c={color} data-ahead={diff.ahead}>
        {diff.text}
      </Text>
      <Group gap="md" mt={4}>
        <Text size="xs" title={nameA}>
          A: {formatSide(line, line.a)}
        </Text>
        <Text size="xs" title={nameB}>
          B: {formatSide(line, line.b)}
        </Text>
      </Group>
    </Paper>
  );
}

/** Group A against group B, one card per metric (green when A is ahead, red otherwise). */
export function CompareCards({ lines, nameA, nameB }: { lines: CompareLine[]; nameA: string; nameB: string }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="A vs B" component="section">
      {lines.map((line) => (
        <CompareCard key={line.label} line={line} nameA={nameA} nameB={nameB} />
      ))}
    </SimpleGrid>
  );
}

const ZERO = { sent: 0, delivered: 0, clicked: 0, subscribed: 0, unsubscribed: 0, deactivated: 0, avg_patient_days: 0 };

/** The cards while the figures load: each metric's name over grey bars of its figures' size. */
export function CompareCardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" aria-label="A vs B" aria-busy component="section">
      {compareLines(ZERO, ZERO).map((line, i) => (
        <Paper key={line.label} withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {line.label}
          </Text>
          <Box py={6} lh={0}>
            <SkeletonBar width={96} height={26} label={i === 0 ? 'Loading' : undefined} />
          </Box>
          <Box lh={0} mt={4}>
            <SkeletonBar width={140} height={14} />
          </Box>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
