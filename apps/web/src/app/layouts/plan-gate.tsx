import type { PlanFeature } from '@pushdeck/contracts';
import { type ComponentType, type ReactNode, Suspense } from 'react';
import { useLocation } from 'react-router';
import type { PlanUsage } from '@/lib/plan/plan-usage';
import { RoutePending } from '../pages/route-pending';
import { featureAt, featureOff } from '../plan-features';

/** The lazily loaded plan watcher (app-layout.tsx), which shows the refusal when given `refused`. */
type Watcher = ComponentType<{ clientId: number; refused?: PlanFeature | undefined }>;

interface PlanGateProps {
  plan: PlanUsage;
  clientId: number;
  watcher: Watcher;
  children: ReactNode;
}

/**
 * The guard of the screens a client's plan switches off (issue #18): instead of the screen, what is missing and the
 * way to Upgrade. While the client's usage loads such a screen waits; when it cannot be read the screen opens (the
 * server still answers 403 on the feature's calls).
 */
export function PlanGate({ plan, clientId, watcher: PlanWatcher, children }: PlanGateProps) {
  const feature = featureAt(useLocation().pathname);
  if (!feature || !plan.applies) return children;
  if (plan.pending) return <RoutePending />;
  if (!featureOff(plan.usage, feature)) return children;
  return (
    <Suspense fallback={<RoutePending />}>
      <PlanWatcher clientId={clientId} refused={feature} />
    </Suspense>
  );
}
