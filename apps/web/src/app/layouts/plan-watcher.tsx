import { Button, Stack, Text, Title } from '@mantine/core';
import type { PlanFeature } from '@pushdeck/contracts';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { planUsageQuery } from '@/lib/plan/usage-query';
import { RouteShownMark } from '../route-shown';
import { PlanBanner } from './plan-banner';

/** How the console names each plan feature. */
const PLAN_FEATURE_LABELS: Record<PlanFeature, string> = {
  data_explorer: 'Data Explorer',
  copy_tools: 'Copy Tools 2.0 and Recurring Migration',
  exports: 'Exports',
  extensible: 'Extensible',
};

/**
 * Shown instead of a screen the client's plan switches off (plan-gate.tsx): it is the screen of its location, so it
 * marks it shown (route-shown.tsx), or the route would stay busy.
 */
function PlanRefusal({ feature }: { feature: PlanFeature }) {
  return (
    <Stack align="center" gap="md" py={64} px="md" ta="center">
      <RouteShownMark />
      <Title order={1}>Not in your plan</Title>
      <Text c="dimmed" maw={460}>
        Your plan does not include {PLAN_FEATURE_LABELS[feature]}. Ask for an upgrade on the Upgrade page.
      </Text>
      <Button component={Link} to="/upgrade">
        See the plans
      </Button>
    </Stack>
  );
}

/**
 * Reads the usage of a client's user's own client into the cache (usePlanUsage reads it there for the sidebar and the
 * plan gate) and shows the near-limit banner, or (`refused`) what a screen the plan switches off is replaced with.
 * Loaded apart from the layout, for a client's users only.
 */
export default function PlanWatcher({ clientId, refused }: { clientId: number; refused?: PlanFeature | undefined }) {
  const { data } = useQuery(planUsageQuery(clientId));
  return refused ? <PlanRefusal feature={refused} /> : <PlanBanner clientId={clientId} usage={data} />;
}
