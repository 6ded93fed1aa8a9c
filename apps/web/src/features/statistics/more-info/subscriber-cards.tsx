import { SimpleGrid } from '@mantine/core';
import type { StatsRow } from '@pushdeck/contracts';
import { formatCount } from '@/lib/format-number';
import { num } from '../lib/stats-rows';
import { MetricCard } from './metric-card';

const days = (v: number) => `${v.toFixed(2)} days`;

/** Subscribers of the period: new, unsubscribed, deactivated, fully unsubscribed, patience. */
export function SubscriberCards({ row, loading }: { row: StatsRow | undefined; loading: boolean }) {
  const value = (key: string) => (loading ? undefined : num(row, key));
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md" aria-label="Subscribers" component="section">
      <MetricCard label="Subscribed" value={value('subscribed')} format={formatCount} />
      <MetricCard label="Unsubscribed" value={value('unsubscribed')} format={formatCount} />
      <MetricCard label="Deactivated" value={value('deactivated')} format={formatCount} />
      <MetricCard label="Full unsubscribed" value={value('full_unsubscribed')} format={formatCount} />
      <MetricCard label="Patience days" value={value('avg_patient_days')} format={days} />
    </SimpleGrid>
  );
}
