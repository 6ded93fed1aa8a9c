import {
  type DashboardFigures,
  type DashboardTotals,
  type DashboardTotalsQuery,
  dashboardWindows,
} from '@pushdeck/contracts';
import type { Actor } from '../../plugins/types.ts';
import { statisticsClock } from './clock.ts';
import type { CardSums, CardWindow, DashboardTotalsRepository } from './dashboard-totals.repository.ts';
import type { ScopeRepository } from './scope.repository.ts';
import { cacheKey, type StatsCache } from './stats-cache.ts';
import { resolveScope } from './stats-scope.ts';
import { addDaysIso, assertTimeZone, dayDataEnd, localDate } from './time-range.ts';

/** getDashboardTotals: the Recurring Drips, Welcome Drips and Subscribers cards (total, this month, this week). */
export class DashboardTotalsService {
  constructor(
    private readonly repo: DashboardTotalsRepository,
    private readonly scopes: ScopeRepository,
    private readonly cache: StatsCache,
  ) {}

  async totals(actor: Actor, q: DashboardTotalsQuery, cacheSeconds: number): Promise<DashboardTotals> {
    assertTimeZone(q.timezone, 'timezone');
    const scope = await resolveScope(this.scopes, actor, {
      clients: [],
      domains: q.domain_ids,
      domainField: 'domain_ids',
    });
    const w = dashboardWindows(localDate(statisticsClock.now(), q.timezone));
    // a UTC hour belongs to the local day holding its start: a window starts with the first hour of its first day
    const bounds = {
      monthStart: dayDataEnd(addDaysIso(w.monthStart, -1), q.timezone),
      weekStart: dayDataEnd(addDaysIso(w.weekStart, -1), q.timezone),
      end: dayDataEnd(w.today, q.timezone),
    };
    const key = cacheKey({ op: 'dashboardTotals', tz: q.timezone, today: w.today, scope });
    return this.cache.getOrCompute(key, cacheSeconds * 1000, async () => {
      const sums = await this.repo.sums(scope, bounds);
      const figures = (window: CardWindow): DashboardFigures => {
        const of = (family: string) => sums.get(family)?.[window] ?? zero;
        const drips = (family: string) => {
          const s = of(family);
          return { sent: s.sent, delivered: s.delivered, clicked: s.clicked };
        };
        return {
          recurring: drips('recurring'),
          welcome: drips('welcome'),
          subscribed: of('').subscribed,
          unsubscribed: of('').unsubscribed,
        };
      };
      return {
        today: w.today,
        week_start: w.weekStart,
        month_start: w.monthStart,
        total: figures('total'),
        month: figures('month'),
        week: figures('week'),
      };
    });
  }
}

const zero: CardSums['total'] = { sent: 0, delivered: 0, clicked: 0, subscribed: 0, unsubscribed: 0 };
