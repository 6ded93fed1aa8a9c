import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAudience, demoSites, recurringItem, type Site } from '../modules/drips/drip-test-kit.ts';
import { addSubscribers } from '../modules/segments/segment-test-fixtures.ts';
import { testBackends } from '../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../test/harness.ts';
import { unstorableTextPaths } from './input-text.ts';

const NUL = 'a\u0000b';
const LONE_HIGH = 'x\ud800y';
const LONE_LOW = '\udc00';
const keys = {
  p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
  auth: 'tBHItJI5svbpez7KI4CCXg',
};

describe('unstorableTextPaths', () => {
  it('names every string and key with a NUL or an unpaired surrogate, by its field path', () => {
    expect(
      unstorableTextPaths({
        ok: 'fine 😀 \t\n',
        a: NUL,
        list: ['ok', LONE_HIGH, { deep: LONE_LOW }],
        [`k${NUL}`]: 1,
        file: Buffer.from([0, 0xd8, 0]),
      }),
    ).toEqual(['ka\ufffdb', 'a', 'list.1', 'list.2.deep']);
    expect(unstorableTextPaths(NUL)).toEqual(['_']);
  });

  it('walks a body nested 100,000 levels deep without overflowing the stack', () => {
    let v: unknown = NUL;
    for (let i = 0; i < 100_000; i += 1) v = [v];
    expect(unstorableTextPaths(v)).toHaveLength(1);
  });
});

describe.each(testBackends())('text that PostgreSQL cannot store, on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let endpoint: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop } = await demoSites(t));
    await addSubscribers(t.handle.db, shop, [{ language: 'en-US' }]);
    endpoint = (await t.handle.db.selectFrom('subscribers').select('endpoint').executeTakeFirstOrThrow()).endpoint;
  });
  afterAll(() => t?.close());

  const invalid = (field: string) => ({ message: MSG.invalidText, errors: { [field]: [MSG.invalidText] } });

  it.each([NUL, LONE_HIGH, LONE_LOW])('answers 422 on the public tracking calls for %j', async (bad) => {
    const c = new TestClient(t.app);
    const ws = shop.website_id;
    const calls: [string, unknown, string][] = [
      ['visit', { website_id: ws, endpoint: `${endpoint}${bad}`, url: 'https://shop.acme.test/' }, 'endpoint'],
      ['visit', { website_id: ws, endpoint, url: `https://shop.acme.test/${bad}` }, 'url'],
      ['trigger', { website_id: `${ws}${bad}`, endpoint, event: 'cart' }, 'website_id'],
      ['trigger', { website_id: ws, endpoint, event: `cart${bad}` }, 'event'],
      ['unsubscribe', { website_id: ws, endpoint: `${endpoint}${bad}` }, 'endpoint'],
      [
        'subscribe',
        { website_id: ws, subscription: { endpoint: `${endpoint}x`, keys }, device: `desktop${bad}` },
        'device',
      ],
      ['subscribe', { website_id: ws, subscription: { endpoint: `${endpoint}${bad}`, keys } }, 'subscription.endpoint'],
    ];
    for (const [call, body, field] of calls) {
      const res = await c.post(`/api/public/v1/${call}`, body);
      expect([res.statusCode, res.json()], `${call} ${field}`).toEqual([422, invalid(field)]);
    }
    const stored = await t.handle.db.selectFrom('subscribers').select('endpoint').execute();
    expect(stored.map((r) => r.endpoint)).toEqual([endpoint]);
  });

  it('answers 422 for such text in a console body, query or path, and stores nothing', async () => {
    const acme = await signedIn(t, DEMO.client);
    const audience = await addAudience(t.handle.db, shop, 'English');
    // a list of drips names the drip and the field in its message (issue #25)
    const inList = (item: { title?: unknown }, field: string) => ({
      ...invalid(`0.${field}`),
      message: DRIP_MSG.named({ title: item.title }, field, MSG.invalidText),
    });
    const deals = recurringItem(shop.id, [audience], { title: `Deals ${LONE_HIGH}` });
    const drip = await acme.post('/api/v1/drips/recurring/createOrUpdate', [deals]);
    expect([drip.statusCode, drip.json()]).toEqual([422, inList(deals, 'title')]);
    // jsonb refuses the escape of a lone surrogate: this one was a 500, the title above was stored as U+FFFD
    const button = { title: `Open ${LONE_LOW}`, url: 'https://shop.acme.test/b' };
    const withButton = recurringItem(shop.id, [audience], { customization: { button1: button } });
    const customized = await acme.post('/api/v1/drips/recurring/createOrUpdate', [withButton]);
    expect([customized.statusCode, customized.json()]).toEqual([
      422,
      inList(withButton, 'customization.button1.title'),
    ]);
    const segment = await acme.post('/api/v1/segments', {
      name: NUL,
      domain_id: shop.id,
      query: { filters: [{ language: { type: 'and', operator: '=', values: ['en-US'] } }] },
    });
    expect([segment.statusCode, segment.json()]).toEqual([422, invalid('name')]);
    const postback = await acme.request('PUT', `/api/v1/domains/${shop.id}`, {
      body: { postback: `https://shop.acme.test/${NUL}` },
    });
    expect([postback.statusCode, postback.json()]).toEqual([422, invalid('postback')]);
    const list = await acme.get('/api/v1/domains?where[url]=a%00');
    expect([list.statusCode, list.json()]).toEqual([422, invalid('where[url]')]);
    const path = await acme.get('/api/v1/domains/1%00');
    expect([path.statusCode, path.json()]).toEqual([422, invalid('id')]);
    const drips = await t.handle.db.selectFrom('drips').select('id').execute();
    const segments = await t.handle.db.selectFrom('segments').select('name').execute();
    const site = await t.handle.db
      .selectFrom('domains')
      .select('postback')
      .where('id', '=', shop.id)
      .executeTakeFirst();
    expect([drips, segments.map((s) => s.name), site?.postback]).toEqual([[], ['English'], null]);
  });
});
