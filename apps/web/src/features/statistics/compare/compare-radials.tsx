import '@mantine/charts/styles.css';
import { RadialBarChart } from '@mantine/charts';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatCount } from '@/lib/format-number';

export interface RadialSide {
  name: string;
  subscribed: number;
  unsubscribed: number;
}

const COLORS = ['indigo.6', 'orange.6'];

function Radial({ title, field, sides }: { title: string; field: 'subscribed' | 'unsubscribed'; sides: RadialSide[] }) {
  const data = sides.map((s, i) => ({ name: s.name, value: s[field], color: COLORS[i] ?? 'gray.6' }));
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <RadialBarChart data={data} dataKey="value" h={220} barSize={22} withLegend={false} aria-hidden />
      <Stack gap={2}>
        {data.map((d, i) => (
          <Text key={d.name} size="sm">
            <Text span fw={700} c={COLORS[i]}>
              {i === 0 ? 'A' : 'B'}
            </Text>{' '}
            {d.name}:{' '}
            <Text span fw={600}>
              {formatCount(d.value)}
            </Text>
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

/** Subscribers and Unsubscribers of both websites, as radial charts. */
export function CompareRadials({ sides }: { sides: RadialSide[] }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
      <Radial title="Subscribers" field="subscribed" sides={sides} />
      <Radial title="Unsubscribers" field="unsubscribed" sides={sides} />
    </SimpleGrid>
  );
}
