import { Anchor, SimpleGrid, Text } from '@mantine/core';
import type { DashboardFigures, DashboardTotals } from '@pushdeck/contracts';
import { IconRepeat, IconUserPlus, IconWaveSine } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { StatsBlock } from '../components/stats-block';

export interface StatsCardsProps {
  /** The cards' figures (getDashboardTotals); undefined while loading. */
  totals: DashboardTotals | undefined;
  /** The zone the windows' dates are in. */
  timezone: string;
  /** The figures could not be loaded (the page says why). */
  failed?: boolean;
  /** 'More info' links to this page when given. */
  moreInfoTo?: string;
  children?: ReactNode;
}

const DRIP_ROWS = [
  { label: 'Sent', field: 'sent' },
  { label: 'Clicks', field: 'clicked' },
  { label: 'Deliveries', field: 'delivered' },
] as const;

type Window = 'total' | 'week' | 'month';

function dripBlock(family: 'recurring' | 'welcome', totals: DashboardTotals | undefined) {
  return DRIP_ROWS.map(({ label, field }) => ({
    label,
    values: (['total', 'week'] as const).map((w) => totals?.[w][family][field]),
  }));
}

const subscriberRow = (label: string, field: keyof Pick<DashboardFigures, 'subscribed' | 'unsubscribed'>) =>
  function row(totals: DashboardTotals | undefined) {
    return { label, values: (['total', 'week', 'month'] as Window[]).map((w) => totals?.[w][field]) };
  };
const SUBSCRIBED = subscriberRow('Subscribed', 'subscribed');
const UNSUBSCRIBED = subscriberRow('Unsubscribed', 'unsubscribed');

/** What each column counts, under the cards: all time, and the two windows as local dates. */
function WindowsNote({
  totals,
  timezone,
  month,
}: {
  totals: DashboardTotals | undefined;
  timezone: string;
  month: boolean;
}) {
  if (!totals) return null;
  const span = (from: string) => `${from} … ${totals.today}`;
  return (
    <Text size="xs" c="dimmed">
      Total: all time. This week: {span(totals.week_start)}.{month ? ` This month: ${span(totals.month_start)}.` : ''}{' '}
      Dates in {timezone}.
    </Text>
  );
}

/** Recurring Drips, Welcome Drips and Subscribers cards: all time, the last 7 days and (subscribers) the last month. */
export function StatsCards({ totals, timezone, failed, moreInfoTo, children }: StatsCardsProps) {
  const footer = (month: boolean) => (
    <>
      <WindowsNote totals={totals} timezone={timezone} month={month} />
      {moreInfoTo && (
        <Anchor component={Link} to={moreInfoTo} size="sm">
          More info
        </Anchor>
      )}
    </>
  );
  return (
    // As many cards across as fit the space beside the sidebar (open or not), each wide enough for its table.
    <SimpleGrid minColWidth="min(21rem, 100%)" autoFlow="auto-fit" spacing="md">
      <StatsBlock
        title="Recurring Drips"
        icon={<IconRepeat size={18} aria-hidden />}
        columns={['Total', 'This week']}
        rows={dripBlock('recurring', totals)}
        footer={footer(false)}
        unavailable={failed}
      />
      <StatsBlock
        title="Welcome Drips"
        icon={<IconWaveSine size={18} aria-hidden />}
        columns={['Total', 'This week']}
        rows={dripBlock('welcome', totals)}
        footer={footer(false)}
        unavailable={failed}
      />
      <StatsBlock
        title="Subscribers"
        icon={<IconUserPlus size={18} aria-hidden />}
        columns={['Total', 'This week', 'This month']}
        rows={[SUBSCRIBED(totals), UNSUBSCRIBED(totals)]}
        footer={footer(true)}
        unavailable={failed}
      />
      {children}
    </SimpleGrid>
  );
}
