import type { UserInfo } from '@pushdeck/contracts';
import { userWithRole } from '@/app/test-users';
import { csrfCookieResponse, jsonResponse, type StubbedCall, stubFetch } from '@/lib/api/testing/fetch-stub';
import { AUTH_FLAG_KEY } from '@/lib/auth';

/** Test helpers: a website's triggers behind a stubbed fetch (the network only; tests import this). */
export interface StoredTrigger {
  id: number;
  domain_id: number;
  type: 'trigger';
  event: string;
  title: string;
  body: string;
  url: string;
  icon: string | null;
  customization: Record<string, unknown>;
  meta: Record<string, unknown>;
  is_active: number;
  created_at: string;
  stats?: { sent: number; delivered: number; clicked: number; push_ctr: number };
}

export function storedTrigger(id: number, event: string, overrides: Partial<StoredTrigger> = {}): StoredTrigger {
  return {
    id,
    domain_id: 5,
    type: 'trigger',
    event,
    title: `Title ${id}`,
    body: `Body ${id}`,
    url: 'https://shop.example/x',
    icon: null,
    customization: { requireInteraction: false, ttl: 7200 },
    meta: { delay: 0 },
    is_active: 1,
    created_at: new Date(Date.UTC(2025, 2, id, 10)).toISOString(),
    ...overrides,
  };
}

export interface TriggerNetworkOptions {
  user?: UserInfo;
  /** Answers a call before the fake store does (return undefined to let it through). */
  override?: (call: StubbedCall) => Response | undefined;
}

const WEBSITE = {
  id: 5,
  website_id: 'w-5',
  url: 'https://shop.example',
  is_active: 1,
  postback: null,
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  deleted_at: null,
  vapid_public_key: null,
};

function listAnswer(call: StubbedCall, rows: StoredTrigger[]): Response {
  const q = call.url.searchParams;
  const domainId = Number(q.get('where[domain_id]'));
  const id = q.get('where[id]');
  const search = (q.get('search') ?? '').toLowerCase();
  let found = rows.filter((r) => r.domain_id === domainId && (id === null || r.id === Number(id)));
  if (search) found = found.filter((r) => [r.event, r.title, r.body].some((t) => t.toLowerCase().includes(search)));
  const [field = 'id', dir = 'desc'] = (q.get('order_by') ?? 'id:desc').split(':') as [keyof StoredTrigger, string];
  found.sort((a, b) => (a[field]! < b[field]! ? -1 : a[field]! > b[field]! ? 1 : 0) * (dir === 'desc' ? -1 : 1));
  if (q.get('paginate') !== 'true') return jsonResponse(200, { data: found.slice(0, Number(q.get('limit') ?? 1000)) });
  const page = Number(q.get('page') ?? 1);
  const pageLength = Number(q.get('pageLength') ?? 10);
  const data = found.slice((page - 1) * pageLength, page * pageLength);
  return jsonResponse(200, { data: { data, total: found.length, page, pageLength } });
}

/** Signs a user in (auth flag + user info) and serves the triggers list, switch, delete, create and edit calls. */
export function triggerNetwork(initial: StoredTrigger[], options: TriggerNetworkOptions = {}) {
  window.localStorage.setItem(AUTH_FLAG_KEY, '1');
  const rows = [...initial];
  let nextId = Math.max(100, ...rows.map((r) => r.id + 1));
  const network = stubFetch((call) => {
    const answer = options.override?.(call);
    if (answer) return answer;
    if (call.path === '/api/csrf-cookie') return csrfCookieResponse();
    if (call.path === '/api/auth/user/info') return jsonResponse(200, { data: options.user ?? userWithRole('user') });
    if (call.path === '/api/v1/domains/5') return jsonResponse(200, { data: [WEBSITE] });
    if (call.path === '/api/v1/drips/trigger/get') return listAnswer(call, rows);
    if (call.path === '/api/v1/drips/trigger/createOrUpdate') {
      const [item] = call.body as StoredTrigger[];
      const row = rows.find((r) => r.id === item?.id);
      if (!row || !item) return jsonResponse(404, { message: 'Drip not found.' });
      Object.assign(row, item);
      return jsonResponse(200, { data: [saved(row)] });
    }
    const one = /^\/api\/v1\/drips\/(\d+)$/.exec(call.path);
    if (one && call.method === 'DELETE') {
      const index = rows.findIndex((r) => r.id === Number(one[1]));
      if (index < 0) return jsonResponse(404, { message: 'Drip not found.' });
      const [removed] = rows.splice(index, 1);
      return jsonResponse(200, { data: saved(removed!) });
    }
    if (one && call.method === 'PUT') {
      const row = rows.find((r) => r.id === Number(one[1]));
      if (!row) return jsonResponse(404, { message: 'Drip not found.' });
      Object.assign(row, call.body as Partial<StoredTrigger>);
      return jsonResponse(200, { data: saved(row) });
    }
    if (call.path === '/api/v1/drips' && call.method === 'POST') {
      const row = { ...storedTrigger(nextId++, ''), ...(call.body as Partial<StoredTrigger>) };
      rows.push(row);
      return jsonResponse(201, { data: saved(row) });
    }
    return jsonResponse(404, { message: 'Not found.' });
  });
  return { ...network, rows };
}

/** A stored trigger as the write calls answer it (dripSchema: every column). */
function saved(row: StoredTrigger) {
  return {
    group_id: null,
    drip_number: 1,
    offset: 0,
    sended: 0,
    delivered: 0,
    clicked: 0,
    external: 0,
    updated_at: row.created_at,
    deleted_at: null,
    ...row,
  };
}
