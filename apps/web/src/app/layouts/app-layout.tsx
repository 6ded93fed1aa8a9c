import { AppShell } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Outlet, useMatch } from 'react-router';
import { useAuth, useLogout } from '@/lib/auth';
import { usePlanUsage } from '@/lib/plan/plan-usage';
import { RoutePending } from '../pages/route-pending';
import { routesOffInPlan } from '../plan-features';
import { ImpersonationBanner } from './impersonation-banner';
import { PlanGate } from './plan-gate';
import { AppSidebar } from './sidebar/app-sidebar';
import { TopBar } from './top-bar/top-bar';

// A client's user's plan: the usage call and the near-limit banner, loaded apart (staff never load it).
const PlanWatcher = lazy(() => import('./plan-watcher'));
/** Opens a finished export in a new tab; mounted after the first paint (issue 17: the first load). */
const ExportWatcher = lazy(() => import('@/lib/exports/server-export').then((m) => ({ default: m.ExportWatcher })));

/** The bare layout (the page alone) comes with this chunk: see routes.tsx. */
export { BareLayout } from './bare-layout';

/** Below this width the sidebar is an overlay drawer (spec: collapse width 768 px). */
const MOBILE_QUERY = '(max-width: 47.99em)';

/** Top bar + sidebar around every signed-in screen. The sidebar starts collapsed (icons only). */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { user } = useAuth();
  const logout = useLogout();
  const domainMatch = useMatch('/dashboard/:id/*');
  const isMobile = useMediaQuery(MOBILE_QUERY) ?? false;
  const [expanded, desktop] = useDisclosure(false);
  const [drawerOpened, drawer] = useDisclosure(false);
  // a client's user: the plan's near-limit banner and the screens its plan switches off (issue #18)
  const plan = usePlanUsage(user);
  const usage = plan.usage;
  const offInPlan = useMemo(() => routesOffInPlan(usage), [usage]);

  if (!user) return <RoutePending />;

  const signOut = () => logout.mutate();
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: expanded ? 260 : 72, breakpoint: 'sm', collapsed: { mobile: !drawerOpened } }}
      padding="md"
    >
      <AppShell.Header>
        <TopBar
          user={user}
          navOpened={isMobile ? drawerOpened : expanded}
          onToggleNav={isMobile ? drawer.toggle : desktop.toggle}
          onLogout={signOut}
        />
      </AppShell.Header>
      <AppShell.Navbar aria-label="Main navigation">
        <AppSidebar
          user={user}
          domainId={domainMatch?.params.id}
          expanded={isMobile || expanded}
          onExpand={desktop.open}
          onNavigate={drawer.close}
          onSignOut={signOut}
          offInPlan={offInPlan}
        />
      </AppShell.Navbar>
      <AppShell.Main>
        <Suspense fallback={null}>
          <ExportWatcher userId={user.id} />
        </Suspense>
        {user.backToModerUrl && <ImpersonationBanner user={user} backToModerUrl={user.backToModerUrl} />}
        {user.client_id !== null && (
          <Suspense fallback={null}>
            <PlanWatcher clientId={user.client_id} />
          </Suspense>
        )}
        <PlanGate plan={plan} clientId={user.client_id ?? 0} watcher={PlanWatcher}>
          {children ?? <Outlet />}
        </PlanGate>
      </AppShell.Main>
    </AppShell>
  );
}
