import { SimpleGrid, Stack, Tabs } from '@mantine/core';
import {
  clicksPerSubscriber,
  deliveryRate,
  hateRate,
  pushCtr,
  type StatsRow,
  subscriberLtv,
  unsubscribeRate,
} from '@pushdeck/contracts';
import { PanelError } from '@/components/data-panel/panel-error';
import { errorMessage } from '@/lib/api';
import { formatCount, formatPercent } from '@/lib/format-number';
import { type DripTab, type MoreInfoScope, useTabEvents } from '../api/use-more-info';
import { previousPeriod } from '../lib/stats-dates';
import { num } from '../lib/stats-rows';
import { MetricCard } from './metric-card';

const TABS: { value: DripTab; label: string }[] = [
  { value: 'total', label: 'Total' },
  { value: 'welcome', label: 'Welcome Drip' },
  { value: 'recurring', label: 'Recurring' },
  { value: 'dead', label: 'Dead list' },
];

const pct = (v: number) => formatPercent(v);
const money = (v: number) => v.toFixed(2);
const days = (v: number) => `${v.toFixed(2)} days`;
const counters = (row: StatsRow | undefined) =>
  Object.fromEntries(
    ['sent', 'delivered', 'clicked', 'subscribed', 'unsubscribed', 'deactivated'].map((k) => [k, num(row, k)]),
  );

interface PanelProps {
  scope: MoreInfoScope;
  tab: DripTab;
  min: string;
  subscribers: StatsRow | undefined;
}

/** One tab: Sent / Delivered / Clicked, then the info cards (CTR and delivery rate with their change). */
function TabPanel({ scope, tab, min, subscribers }: PanelProps) {
  const previousRange = previousPeriod(scope.range, min);
  const current = useTabEvents(scope, tab === 'dead' ? 'total' : tab, scope.range);
  const previous = useTabEvents(scope, tab === 'dead' ? 'total' : tab, previousRange);
  if (current.isError) {
    return (
      <PanelError
        message={errorMessage(current.error, 'Error!')}
        onRetry={() => current.refetch()}
        retrying={current.isFetching}
      />
    );
  }
  const c = current.isPending ? undefined : counters(current.data);
  const p = previousRange === null ? null : previous.isSuccess ? counters(previous.data) : undefined;
  const v = (f: (x: Record<string, number>) => number) => (c ? f(c) : undefined);
  const pv = (f: (x: Record<string, number>) => number) => (p ? f(p) : p);

  if (tab === 'dead') {
    const s = subscribers ? counters(subscribers) : undefined;
    return (
      <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md">
        <MetricCard label="Deactivated pushes" value={v((x) => x.deactivated ?? 0)} format={formatCount} />
        <MetricCard label="Unsubscribed" value={s?.unsubscribed} format={formatCount} />
        <MetricCard label="Hate rate" value={s && hateRate(s)} format={pct} />
        <MetricCard
          label="Patience days"
          value={subscribers ? num(subscribers, 'avg_patient_days') : undefined}
          format={days}
        />
      </SimpleGrid>
    );
  }
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        <MetricCard label="Sent" value={v((x) => x.sent ?? 0)} format={formatCount} />
        <MetricCard label="Delivered" value={v((x) => x.delivered ?? 0)} format={formatCount} />
        <MetricCard label="Clicked" value={v((x) => x.clicked ?? 0)} format={formatCount} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 2, md: tab === 'total' ? 3 : 2 }} spacing="md">
        <MetricCard label="Pushes CTR" value={v(pushCtr)} previous={pv(pushCtr)} format={pct} changeUnit="%" />
        <MetricCard
          label="Delivery rate"
          value={v(deliveryRate)}
          previous={pv(deliveryRate)}
          format={pct}
          changeUnit="%"
        />
        {tab === 'total' && (
          <>
            <MetricCard label="Hate rate" value={v(hateRate)} format={pct} />
            <MetricCard label="Clicks per subscriber" value={v(clicksPerSubscriber)} format={(x) => x.toFixed(2)} />
            <MetricCard label="Unsubscribe rate" value={v(unsubscribeRate)} format={pct} />
            <MetricCard label="Subscriber LTV" value={v((x) => subscriberLtv(x))} format={money} />
          </>
        )}
      </SimpleGrid>
    </Stack>
  );
}

/** The index-type tabs: Total, Welcome Drip, Recurring, Dead list (only the open tab loads). */
export function DripTabs(props: Omit<PanelProps, 'tab'>) {
  return (
    <Tabs defaultValue="total" keepMounted={false}>
      <Tabs.List>
        {TABS.map((t) => (
          <Tabs.Tab key={t.value} value={t.value}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      {TABS.map((t) => (
        <Tabs.Panel key={t.value} value={t.value} pt="md">
          <TabPanel {...props} tab={t.value} />
        </Tabs.Panel>
      ))}
    </Tabs>
  );
}
