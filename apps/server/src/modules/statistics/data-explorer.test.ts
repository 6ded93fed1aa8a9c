import {
  avgPatientDays,
  explorerMetrics,
  metricRaw,
  metricValue,
  STATS_MSG,
  type StatCounters,
  sumCounters,
} from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import type { FactsWorld } from './stats-fixtures.ts';
import { bucketOf, familyOf, groupFacts, type OracleGroup, oracleFacts, pickCounters } from './stats-oracle.ts';
import { cmp, openStatsWorld } from './stats-test-kit.ts';

const DEFAULT_VALUES = [
  'sent',
  'delivered',
  'clicked',
  'subscribed',
  'unsubscribed',
  'full_unsubscribed',
  'deactivated',
];
const explorerRow = (c: StatCounters) => ({ ...pickCounters(c, DEFAULT_VALUES), ...explorerMetrics(c) });

describe.each(testBackends())('Data Explorer and top tables on $name', (backend) => {
  let t: TestApp;
  let w: FactsWorld;
  let moder: TestClient;
  const post = async (c: TestClient, path: string, body: object, status = 200) => {
    const res = await c.post(`/api/v2/statistics/${path}`, body);
    expect(res.statusCode, res.body).toBe(status);
    return res.json();
  };
  const site = (id: number) => w.websites.find((x) => x.id === id)!;

  beforeAll(async () => {
    ({ t, w } = await openStatsWorld(backend, 11));
    moder = await signedIn(t, DEMO.moder);
  });
  afterAll(() => t?.close());

  it('pages website × day in a half-hour zone; the pages add up to the totals of all rows', async () => {
    const tz = 'Asia/Kolkata';
    const filters = { date_start: '2026-10-01', date_end: '2026-11-10' };
    const body = { timezone: tz, date_trunc: 'day', filters, groups: ['website_id', 'date'] };
    const facts = oracleFacts(w, { tz, from: filters.date_start, to: filters.date_end });
    const groups = groupFacts(facts, (f) => `${f.domain_id}|${bucketOf(f.hour, 'day', tz)}`).sort(
      (a, b) => a.facts[0]!.domain_id - b.facts[0]!.domain_id || cmp(a.key, b.key),
    );
    const expected = groups.map((g) => ({
      website_id: site(g.facts[0]!.domain_id).website_id,
      date: bucketOf(g.facts[0]!.hour, 'day', tz),
      ...explorerRow(g),
    }));
    const pages: unknown[] = [];
    for (let page = 1; ; page++) {
      const res = await post(moder, `getDataExplorer?paginate=true&pageLength=17&page=${page}&meta[]=total`, body);
      expect(res.meta.total).toBe(expected.length);
      pages.push(...res.data);
      if (res.data.length < 17) {
        const all = sumCounters(facts);
        expect(res.meta.totals).toEqual({ website_id: null, date: null, ...explorerRow(all) });
        const summed = sumCounters(pages as StatCounters[]);
        expect(pickCounters(summed, DEFAULT_VALUES)).toEqual(pickCounters(all, DEFAULT_VALUES));
        break;
      }
    }
    expect(pages).toEqual(expected);
  });

  it('groups by client and type family, sorts by a derived metric, includes, excludes and renames columns', async () => {
    const tz = 'Europe/Kyiv';
    const filters = { date_start: '2026-09-10', date_end: '2026-11-10', type: ['recurring', 'welcome'] };
    const res = await post(moder, 'getDataExplorer', {
      timezone: tz,
      date_trunc: 'month',
      filters,
      groups: ['client', 'type'],
      orders: [{ d2c: 'DESC' }],
      columns: {
        include: ['avg_patient_days', 'client_uid', 'hate_rate'],
        exclude: ['sub2c'],
        map: { client: 'client_name' },
      },
    });
    const facts = oracleFacts(w, {
      tz,
      from: filters.date_start,
      to: filters.date_end,
      leavers: true,
      keep: (f) => filters.type.includes(familyOf(f.type)),
    });
    const groups = groupFacts(facts, (f) => `${f.client_id}|${familyOf(f.type)}`).sort(
      (a, b) => metricRaw('d2c', b) - metricRaw('d2c', a) || cmp(a.key, b.key),
    );
    const client = (g: OracleGroup) => w.clients.find((c) => c.id === g.facts[0]!.client_id)!;
    expect(res.data).toEqual(
      groups.map((g) => {
        const { sub2c: _, ...metrics } = explorerMetrics(g);
        return {
          client_name: client(g).name,
          client_uid: client(g).client_uid,
          type: familyOf(g.facts[0]!.type),
          ...pickCounters(g, DEFAULT_VALUES),
          ...metrics,
          avg_patient_days: avgPatientDays(g.patience_days, g.leavers),
          hate_rate: metricValue('hate_rate', g),
        };
      }),
    );
    expect(res.meta.total).toBe(groups.length);
  });

  it('answers 422 for unknown groups, orders and columns, and when every value column is excluded', async () => {
    const base = { timezone: 'UTC', date_trunc: 'day', filters: { date_start: '2026-11-01', date_end: '2026-11-02' } };
    const bad = async (body: object, field: string, message?: string) => {
      const res = await post(moder, 'getDataExplorer', { ...base, ...body }, 422);
      expect(Object.keys(res.errors)).toContain(field);
      if (message) expect(res.errors[field]).toEqual([message]);
    };
    await bad({ groups: ['domain'] }, 'groups.0', STATS_MSG.unknownGroup);
    await bad({ groups: [] }, 'groups', STATS_MSG.fieldRequired);
    await bad({ groups: ['date'], orders: [{ website_id: 'ASC' }] }, 'orders');
    await bad({ groups: ['date'], orders: [{ 'sent; drop table x': 'ASC' }] }, 'orders');
    await bad({ groups: ['date'], columns: { include: ['password'] } }, 'columns.include');
    await bad(
      { groups: ['date'], columns: { exclude: [...DEFAULT_VALUES, 'd2c', 's2d', 'sub2c', 'sub2deact', 'sub2uns'] } },
      'columns',
      STATS_MSG.noColumns,
    );
    await bad({ groups: ['date'], columns: { map: { sent: 'a b' } } }, 'columns.map');
  });

  it('ranks websites by sent recurring pushes for a client user (5 per page) and clients for staff only', async () => {
    const acme = await signedIn(t, DEMO.client);
    const filters = { date_start: '2026-11-09', date_end: '2026-11-10' };
    const tz = 'America/New_York';
    const spec = {
      timezone: tz,
      date_trunc: 'day',
      columns: {
        map: { timestamp: 'date' },
        expand: ['deactivated', 'full_unsubscribed', 'avg_patient_days'],
        include: ['client'],
      },
      filters: { ...filters, website_id: [], client_id: [] },
      groups: ['timestamp'],
    };
    const res = await post(acme, 'getTopDomainsBySentRecurringPushes?paginate=true&pageLength=5&page=1', spec);
    const facts = oracleFacts(w, {
      tz,
      ...{ from: filters.date_start, to: filters.date_end },
      leavers: true,
      keep: (f) => familyOf(f.type) === 'recurring' && f.client_id === w.websites[0]!.client_id,
    });
    const groups = groupFacts(facts, (f) => `${f.domain_id}|${bucketOf(f.hour, 'day', tz)}`).sort(
      (a, b) => b.sent - a.sent || a.facts[0]!.domain_id - b.facts[0]!.domain_id || cmp(a.key, b.key),
    );
    expect(res.meta.total).toBe(groups.length);
    expect(res.data).toEqual(
      groups.slice(0, 5).map((g) => ({
        website_id: site(g.facts[0]!.domain_id).website_id,
        date: bucketOf(g.facts[0]!.hour, 'day', tz),
        url: site(g.facts[0]!.domain_id).url,
        client: 'Acme Shop',
        ...pickCounters(g, ['sent', 'delivered', 'clicked', 'deactivated', 'full_unsubscribed']),
        avg_patient_days: 0,
      })),
    );
    const clientTable = { timezone: tz, date_trunc: 'day', filters };
    await post(acme, 'getTopClientsByWelcomePushSent', clientTable, 403);
    const clients = await post(moder, 'getTopClientsByWelcomePushSent', clientTable);
    const welcome = oracleFacts(w, {
      tz,
      from: filters.date_start,
      to: filters.date_end,
      keep: (f) => f.type === 'welcome',
    });
    const byClient = groupFacts(welcome, (f) => String(f.client_id)).sort(
      (a, b) => b.sent - a.sent || Number(a.key) - Number(b.key),
    );
    expect(clients.data.map((r: { client_uid: string; sent: number }) => [r.client_uid, r.sent])).toEqual(
      byClient.map((g) => [w.clients.find((c) => c.id === Number(g.key))!.client_uid, g.sent]),
    );
  });
});
