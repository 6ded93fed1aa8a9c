import type { UserInfo } from '@pushdeck/contracts';
import { setStaffActor } from '@/lib/api';
import { csrfCookieResponse, jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';

/** Test-only: the network of the statistics screens, answered like the server with small fixed data. */
export const DOMAINS = [
  { id: 1, website_id: 'w-shop', url: 'https://shop.example' },
  { id: 2, website_id: 'w-blog', url: 'https://blog.example' },
];
export const CLIENTS = [
  { id: 1, client_uid: 'c-acme', name: 'Acme', is_active: 1 },
  { id: 2, client_uid: 'c-globex', name: 'Globex', is_active: 1 },
];

export type Answer = (call: StubbedCall) => Response | undefined | Promise<Response | undefined>;

const row = (timestamp: string, extra: Record<string, number | string>) => ({ timestamp, ...extra });

function defaultAnswer(call: StubbedCall): Response {
  const p = call.path;
  if (p === '/api/csrf-cookie') return csrfCookieResponse();
  if (p === '/api/v1/management/clients') return jsonResponse(200, { data: CLIENTS });
  if (p === '/api/v1/domains') {
    if (call.url.searchParams.get('paginate') === 'true') {
      return jsonResponse(200, { data: { data: [{ id: 1 }], total: DOMAINS.length, page: 1, pageLength: 1 } });
    }
    return jsonResponse(200, { data: DOMAINS });
  }
  if (p.endsWith('/getStatsEventsByDrips')) {
    const t = call.url.searchParams.get('date_trunc') === 'millennium' ? '2001-01-01 00:00:00' : '2026-01-01 00:00:00';
    const drip = row(t, { sent: 1500, delivered: 1200, clicked: 60, deactivated: 1 });
    if (call.headers.get('resultgroupby')) return jsonResponse(200, { data: { recurring: [drip], welcome: [drip] } });
    return jsonResponse(200, { data: [drip] });
  }
  if (p.endsWith('/getDashboardTotals')) {
    const figures = (n: number) => ({
      recurring: { sent: 1500 * n, delivered: 1200 * n, clicked: 60 * n },
      welcome: { sent: 1500 * n, delivered: 1200 * n, clicked: 60 * n },
      subscribed: 40 * n,
      unsubscribed: 2 * n,
    });
    const dates = { today: '2026-01-10', week_start: '2026-01-04', month_start: '2025-12-11' };
    return jsonResponse(200, { data: { ...dates, total: figures(9), month: figures(3), week: figures(1) } });
  }
  if (p.endsWith('/getStatsBySubscribables')) {
    return jsonResponse(200, { data: [row('2001-01-01 00:00:00', { subscribed: 40, unsubscribed: 2 })] });
  }
  if (p.startsWith('/api/v1/statistics/')) return jsonResponse(200, { data: [] });
  if (p.startsWith('/api/v2/statistics/')) return jsonResponse(200, { data: [], meta: { total: 0, totals: {} } });
  return jsonResponse(404, { message: 'Not found.' });
}

/** Signs `user` in (auth flag + user info) and answers every call: `answer` first, then the defaults. */
export function stubStatsNetwork(user: UserInfo, answer?: Answer) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const network = stubFetch(async (call) => {
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: user });
    return (await answer?.(call)) ?? defaultAnswer(call);
  });
  const stats = () => network.calls.filter((c) => c.path.includes('/statistics/'));
  const callsTo = (name: string) => network.calls.filter((c) => c.path.endsWith(`/${name}`));
  return { ...network, stats, callsTo };
}

/** Undoes what stubStatsNetwork and the auth layer left behind. */
export function resetStatsNetwork(): void {
  setStaffActor(false);
}
