import { Alert, Button, Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IconArrowsLeftRight } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PanelError } from '@/components/data-panel/panel-error';
import { guessTimezone } from '@/components/timezone-options';
import { errorMessage } from '@/lib/api';
import { useBestDrip, useSubscriberTotals } from '../api/use-more-info';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { routeId } from '../lib/route-id';
import { clampRange, defaultRange, type IsoRange, lastPeriodRange, statsWindow } from '../lib/stats-dates';
import { BestPushPreview } from './best-push-preview';
import { DripTabs } from './drip-tabs';
import { type Period, PeriodControls } from './period-controls';
import { SubscriberCards } from './subscriber-cards';

interface PeriodState {
  period: Period | null;
  range: IsoRange;
  timezone: string;
}

function initialState(): PeriodState {
  const timezone = guessTimezone();
  // the screens' one default (last week to yesterday): the Week button's range
  return { period: 'week', range: defaultRange('more-info', statsWindow(timezone)), timezone };
}

/** More Info of one website: subscriber cards, the index-type tabs and the best pushes of the period. */
export function MoreInfoPage({ domainId }: { domainId: number }) {
  const [state, setState] = useState(initialState);
  const window = statsWindow(state.timezone);
  const scope = { domainId, range: state.range, timezone: state.timezone };
  const subscribers = useSubscriberTotals(scope);
  const bestWelcome = useBestDrip(scope, 'welcome');
  const bestRecurring = useBestDrip(scope, 'recurring');

  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Website Dashboard', to: `/dashboard/${domainId}` },
          { label: 'More Info' },
        ]}
      />
      <Group justify="space-between">
        <Title order={1} size="h2">
          More Info
        </Title>
        <Button
          component={Link}
          to={`/dashboard/${domainId}/more-info/compare`}
          leftSection={<IconArrowsLeftRight size={16} aria-hidden />}
        >
          Compare
        </Button>
      </Group>
      <PeriodControls
        period={state.period}
        range={state.range}
        timezone={state.timezone}
        window={window}
        onPeriod={(period) =>
          setState((s) => ({ ...s, period, range: lastPeriodRange(period, statsWindow(s.timezone)) }))
        }
        onRange={(range) => setState((s) => ({ ...s, period: null, range }))}
        onTimezone={(timezone) =>
          setState((s) => ({ ...s, timezone, range: clampRange(s.range, statsWindow(timezone)) }))
        }
      />
      {subscribers.isError ? (
        <PanelError
          title="Error!"
          message={errorMessage(subscribers.error, 'The statistics could not be loaded.')}
          onRetry={() => subscribers.refetch()}
          retrying={subscribers.isFetching}
        />
      ) : (
        <SubscriberCards row={subscribers.data} loading={subscribers.isPending} />
      )}
      <DripTabs scope={scope} min={window.min} subscribers={subscribers.data} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {(
          [
            ['Best welcome push', bestWelcome],
            ['Best recurring push', bestRecurring],
          ] as const
        ).map(([title, best]) => (
          <BestPushPreview
            key={title}
            title={title}
            drip={best.data}
            loading={best.isPending}
            error={best.error}
            onRetry={() => best.refetch()}
            retrying={best.isFetching}
          />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** Route 'More Info' (/dashboard/:id/more-info). */
export function MoreInfoRoute() {
  const id = routeId(useParams().id);
  if (id === undefined) return <Alert color="yellow">Website not found.</Alert>;
  return <MoreInfoPage key={id} domainId={id} />;
}
