import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { TIMINGS } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { guessTimezone } from '@/components/timezone-options';
import type { CompareRequest } from '../api/use-compare';
import { useDomainOptions } from '../api/use-pickers';
import { StatsBreadcrumbs } from '../components/stats-breadcrumbs';
import { routeId } from '../lib/route-id';
import { defaultRange, type IsoRange, statsWindow } from '../lib/stats-dates';
import { CompareForm } from './compare-form';
import { CompareResults } from './compare-results';

/** Compare: this website (group A) against another website of the client (group B) over a range. */
export function ComparePage({ domainId }: { domainId: number }) {
  const [timezone] = useState(guessTimezone);
  const window = statsWindow(timezone);
  const [range, setRange] = useState<IsoRange>(() => defaultRange('compare', window));
  const [other, setOther] = useState<number | null>(null);
  const [applied, setApplied] = useState<CompareRequest | null>(null);
  const [warning, setWarning] = useState(0);
  const domains = useDomainOptions();

  useEffect(() => {
    if (!warning) return;
    const timer = setTimeout(() => setWarning(0), TIMINGS.warningPopupMs);
    return () => clearTimeout(timer);
  }, [warning]);

  const a = domains.data?.find((d) => d.id === domainId);
  const b = applied ? domains.data?.find((d) => d.id === applied.domainIds[1]) : undefined;
  const apply = () => {
    if (other === null) {
      setWarning((n) => n + 1);
      return;
    }
    setWarning(0);
    setApplied({ range, timezone, domainIds: [domainId, other] });
  };
  const reset = () => {
    setRange(defaultRange('compare', statsWindow(timezone)));
    setOther(null);
    setApplied(null);
  };

  return (
    <Stack gap="md">
      <StatsBreadcrumbs
        items={[
          { label: 'Home', to: '/' },
          { label: 'Dashboard', to: '/dashboard' },
          { label: 'Website Dashboard', to: `/dashboard/${domainId}` },
          { label: 'More Info', to: `/dashboard/${domainId}/more-info` },
          { label: 'Compare' },
        ]}
      />
      <Group justify="space-between">
        <Title order={1} size="h2">
          Compare
        </Title>
        {a && <Text c="dimmed">A: {a.url}</Text>}
      </Group>
      <CompareForm
        range={range}
        window={window}
        domains={(domains.data ?? []).filter((d) => d.id !== domainId)}
        domainsLoading={domains.isPending}
        other={other}
        warning={warning > 0}
        onRange={setRange}
        onOther={setOther}
        onApply={apply}
        onReset={reset}
      />
      {applied && a && b ? (
        <CompareResults request={applied} a={a} b={b} />
      ) : applied && domains.isPending ? null : (
        <Text c="dimmed">Choose a website to compare with and press Apply.</Text>
      )}
    </Stack>
  );
}

/** Route 'Compare' (/dashboard/:id/more-info/compare). */
export function CompareRoute() {
  const id = routeId(useParams().id);
  if (id === undefined) return <Alert color="yellow">Website not found.</Alert>;
  return <ComparePage key={id} domainId={id} />;
}
