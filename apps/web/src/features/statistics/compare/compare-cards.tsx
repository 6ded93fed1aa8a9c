import { Group, Paper, SimpleGrid, Text } from '@mantine/core';
import { useId } from 'react';
import { type CompareLine, compareDifference, formatSide } from '../lib/compare';

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
