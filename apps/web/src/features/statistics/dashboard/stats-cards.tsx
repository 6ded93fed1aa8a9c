import { Anchor, SimpleGrid } from '@mantine/core';
import type { StatsRow } from '@pushdeck/contracts';
import { IconRepeat, IconUserPlus, IconWaveSine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatsBlock } from '../components/stats-block';
import type { NumberRow } from '../lib/buckets';
import { seriesTotal } from '../lib/dashboard-series';
import { num, sumRows } from '../lib/stats-rows';

export interface RecentTotals {
  weekEvents: Record<string, StatsRow[]> | undefined;
  weekSubs: StatsRow[] | undefined;
  monthSubs: StatsRow[] | undefined;
}

export interface StatsCardsProps {
  /** The chart rows of the chosen range: the cards' totals. */
  rows: NumberRow[] | undefined;
  recent: RecentTotals;
  /** 'More info' links to this page when given. */
  moreInfoTo?: string;
  children?: ReactNode;
}

const DRIP_ROWS = [
  { label: 'Sent', field: 'sent' },
  { label: 'Clicks', field: 'clicked' },
  { label: 'Deliveries', field: 'delivered' },
] as const;

function dripBlock(family: 'recurring' | 'welcome', rows: NumberRow[] | undefined, week: StatsRow[] | undefined) {
  const weekSums = week ? sumRows(week, ['sent', 'delivered', 'clicked']) : undefined;
  return DRIP_ROWS.map(({ label, field }) => ({
    label,
    values: [seriesTotal(rows, `${family}_${field}`), weekSums?.[field]],
  }));
}

const count = (rows: StatsRow[] | undefined, field: string) =>
  rows ? rows.reduce((sum, r) => sum + num(r, field), 0) : undefined;

const subscriberRow = (label: string, field: string, rows: NumberRow[] | undefined, recent: RecentTotals) => ({
  label,
  values: [seriesTotal(rows, field), count(recent.weekSubs, field), count(recent.monthSubs, field)],
});

/** Recurring Drips, Welcome Drips and Subscribers cards (totals of the range, this week, this month). */
export function StatsCards({ rows, recent, moreInfoTo, children }: StatsCardsProps) {
  const more = moreInfoTo ? (
    <Anchor component={Link} to={moreInfoTo} size="sm">
      More info
    </Anchor>
  ) : undefined;
  const weekEvents = recent.weekEvents;
  return (
    // As many cards across as fit the space beside the sidebar (open or not), each wide enough for its table.
    <SimpleGrid minColWidth="min(21rem, 100%)" autoFlow="auto-fit" spacing="md">
      <StatsBlock
        title="Recurring Drips"
        icon={<IconRepeat size={18} aria-hidden />}
        columns={['Total', 'This week']}
        rows={dripBlock('recurring', rows, weekEvents ? (weekEvents.recurring ?? []) : undefined)}
        footer={more}
      />
      <StatsBlock
        title="Welcome Drips"
        icon={<IconWaveSine size={18} aria-hidden />}
        columns={['Total', 'This week']}
        rows={dripBlock('welcome', rows, weekEvents ? (weekEvents.welcome ?? []) : undefined)}
        footer={more}
      />
      <StatsBlock
        title="Subscribers"
        icon={<IconUserPlus size={18} aria-hidden />}
        columns={['Total', 'This week', 'This month']}
        rows={[
          subscriberRow('Subscribed', 'subscribed', rows, recent),
          subscriberRow('Unsubscribed', 'unsubscribed', rows, recent),
        ]}
        footer={more}
      />
      {children}
    </SimpleGrid>
  );
}
