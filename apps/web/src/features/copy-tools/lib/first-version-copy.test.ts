import { afterEach, describe, expect, it } from 'vitest';
import {
  clearXsrfCookie,
  jsonResponse,
  type StubbedCall,
  setXsrfCookie,
  stubFetch,
} from '@/lib/api/testing/fetch-stub';
import type { CopyDrip } from '../api/copy-tools-api';
import { copyFirstVersion } from './first-version-copy';

const NOW = '2026-01-01T00:00:00.000Z';
const english = { id: 7, domain_id: 3, name: 'English', type: 'audience', query: { filters: [] } };
const stored = { is_system: 0, created_at: NOW, updated_at: NOW };
const recurring = (id: number): CopyDrip =>
  ({
    ...{ id, domain_id: 3, group_id: 9, drip_number: id, type: 'recurring', title: `R${id}`, body: 'Deals' },
    ...{ url: 'https://shop.test/', icon: null, event: 'x', meta: {}, is_active: 1, external: 1 },
    customization: { ttl: 60, image: '', button1: { title: 'Open' } },
    ...{ created_at: NOW, updated_at: NOW },
    schedules: [{ id: 100 + id, type: 'recurring', time: '09:00', timezone: 'UTC', audiences: [english] }],
  }) as unknown as CopyDrip;

describe('Copy Tools (first version) copy', () => {
  afterEach(() => clearXsrfCookie());

  it('makes missing audiences on each target, then sends cleaned drips in chunks of 500 with withCopy', async () => {
    setXsrfCookie();
    const calls: StubbedCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      if (call.path === '/api/v1/segments/exists') {
        const body = call.body as { domain_id: number };
        // target 4 has the audience, target 5 does not
        return jsonResponse(200, { data: body.domain_id === 4 ? { exists: true, id: 40 } : { exists: false } });
      }
      if (call.path === '/api/v1/segments')
        return jsonResponse(201, { data: { ...english, ...stored, id: 50, domain_id: 5 } });
      if (call.path.endsWith('/createOrUpdate')) return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    });
    const drips = Array.from({ length: 501 }, (_, i) => recurring(i + 1));
    const welcome = [
      { ...recurring(900), group_id: null, type: 'welcome', schedules: [{ is_active: 1, after_hours: 2 }] },
    ] as CopyDrip[];
    const sent = await copyFirstVersion({
      source: { domainId: 3, clientUid: null },
      targets: [4, 5],
      targetClientUid: null,
      recurring: drips,
      welcome,
      audiences: [],
      urls: new Map([[1, 'https://shop.test/edited']]),
    });
    expect(sent).toEqual({ recurring: 1002, welcome: 2 });
    const writes = calls.filter((c) => c.path === '/api/v1/drips/recurring/createOrUpdate');
    expect(writes.map((w) => (w.body as unknown[]).length)).toEqual([500, 1, 500, 1]);
    for (const w of writes) expect(w.headers.get('withCopy')).toBe('1');
    const first = (writes[0]!.body as Record<string, unknown>[])[0]!;
    expect(first).toMatchObject({ domain_id: 4, audiences: [40], url: 'https://shop.test/edited' });
    for (const k of ['id', 'event', 'external', 'group_id', 'drip_number', 'created_at'])
      expect(first).not.toHaveProperty(k);
    expect(first.customization).toEqual({ ttl: 60, button1: { title: 'Open' } });
    expect((writes[2]!.body as { audiences: number[] }[])[0]!.audiences).toEqual([50]);
    // the audience was created once on target 5 only
    expect(
      calls.filter((c) => c.path === '/api/v1/segments').map((c) => (c.body as { domain_id: number }).domain_id),
    ).toEqual([5]);
    const welcomeWrites = calls.filter((c) => c.path === '/api/v1/drips/welcome/createOrUpdate');
    expect((welcomeWrites[0]!.body as unknown[])[0]).toMatchObject({
      is_active: 0,
      schedule: { is_active: 0, after_hours: 2 },
    });
  });

  it('copies a chosen welcome group whole: its drips are fetched by website and group, as the source client', async () => {
    setXsrfCookie();
    const calls: StubbedCall[] = [];
    const chain = [1, 2, 3].map((n) => ({
      ...recurring(800 + n),
      type: 'welcome',
      group_id: 9,
      title: `Hello ${n}`,
      // the list answer's full schedule rows are not needed here
      schedules: undefined,
    }));
    stubFetch((call) => {
      calls.push(call);
      if (call.path === '/api/v1/drips/welcome/get') return jsonResponse(200, { data: chain });
      if (call.path.endsWith('/createOrUpdate')) return jsonResponse(200, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    });
    const sent = await copyFirstVersion({
      source: { domainId: 3, clientUid: 'acme' },
      targets: [4, 5],
      targetClientUid: 'globex',
      recurring: [],
      // step 4.2 lists the group by its first drip
      welcome: [chain[0] as unknown as CopyDrip],
      audiences: [],
      urls: new Map(),
    });
    expect(sent).toEqual({ recurring: 0, welcome: 6 });
    const reads = calls.filter((c) => c.path === '/api/v1/drips/welcome/get');
    expect(reads).toHaveLength(1);
    expect(reads[0]!.url.searchParams.get('where[domain_id]')).toBe('3');
    expect(reads[0]!.url.searchParams.get('where[group_id]')).toBe('9');
    expect(reads[0]!.headers.get('client')).toBe('acme');
    const writes = calls.filter((c) => c.path === '/api/v1/drips/welcome/createOrUpdate');
    expect(writes.map((w) => (w.body as { title: string }[]).map((d) => d.title))).toEqual([
      ['Hello 1', 'Hello 2', 'Hello 3'],
      ['Hello 1', 'Hello 2', 'Hello 3'],
    ]);
    expect(writes.map((w) => w.headers.get('client'))).toEqual(['globex', 'globex']);
    for (const d of writes[0]!.body as Record<string, unknown>[]) {
      expect(d).not.toHaveProperty('group_id');
      expect(d).toMatchObject({ domain_id: 4, is_active: 0 });
    }
  });

  it("stops at the first createOrUpdate chunk not answered 200: 'Request failed with status {code}'", async () => {
    setXsrfCookie();
    const calls: StubbedCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      if (call.path === '/api/v1/segments/exists') return jsonResponse(200, { data: { exists: true, id: 40 } });
      if (call.path.endsWith('/createOrUpdate'))
        return calls.filter((c) => c.path.endsWith('/createOrUpdate')).length === 1
          ? jsonResponse(200, { data: [] })
          : jsonResponse(201, { data: [] });
      return jsonResponse(404, { message: 'Not found.' });
    });
    const plan = {
      source: { domainId: 3, clientUid: null },
      targets: [4, 5],
      targetClientUid: null,
      recurring: Array.from({ length: 501 }, (_, i) => recurring(i + 1)),
      welcome: [],
      audiences: [],
      urls: new Map<number, string>(),
    };
    await expect(copyFirstVersion(plan)).rejects.toMatchObject({
      status: 201,
      message: 'Request failed with status 201',
    });
    // the second chunk failed: nothing more was sent (not the other target either)
    expect(calls.filter((c) => c.path.endsWith('/createOrUpdate'))).toHaveLength(2);
  });

  it('refuses a chosen recurring drip without an audience before any call, naming the drip and the field', async () => {
    setXsrfCookie();
    const calls: StubbedCall[] = [];
    stubFetch((call) => {
      calls.push(call);
      return jsonResponse(200, { data: { exists: true, id: 40 } });
    });
    const bare = { ...recurring(12), schedules: [{ id: 112, type: 'recurring', time: '09:00', audiences: [] }] };
    const plan = {
      source: { domainId: 3, clientUid: null },
      targets: [4],
      targetClientUid: null,
      recurring: [recurring(1), bare as unknown as CopyDrip],
      welcome: [],
      audiences: [],
      urls: new Map<number, string>(),
    };
    await expect(copyFirstVersion(plan)).rejects.toThrow(
      'Drip 12 “R12”: audiences — a recurring drip needs at least one audience. Give it one in the recurring editor, then copy again.',
    );
    expect(calls).toEqual([]);
  });
});
