import { MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { addAudience, demoSites, fieldErrors, put, recurringItem, type Site, welcomeItem } from './drip-test-kit.ts';

/** Refused in every link field: other schemes, no host, and whatever could break out of an attribute or string. */
const HOSTILE = [
  'javascript:alert(document.cookie)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'vbscript:msgbox(1)',
  'file:///etc/passwd',
  '//evil.test/a',
  '/relative/path',
  'https:evil.test',
  'https:///evil.test',
  'https://',
  'https://x" onmouseover="alert(1)',
  "https://x' onmouseover='alert(1)",
  'https://shop.acme.test/"><script>alert(1)</script>',
  'https://shop.acme.test/a b',
  'https://shop.acme.test/a\nb',
  'https://shop.acme.test/a\tb',
  // a NUL is refused before any schema, for every field of every route: plugins/input-text.test.ts
  'https://evil.test\\@shop.acme.test/',
  'https://shop.acme.test@evil.test/',
];
/** Plain http: fine for what a click opens, refused for the icon and the large image. */
const HTTP = 'http://cdn.acme.test/pic.png';

const FIELDS = ['url', 'icon', 'customization.image', 'customization.button1.url', 'customization.button2.url'];
const IMAGE_FIELDS = ['icon', 'customization.image'];
const messageOf = (field: string) => (IMAGE_FIELDS.includes(field) ? MSG.httpsLink : MSG.httpLink);

type Item = Record<string, unknown> & { customization?: Record<string, unknown> };

/** `item` with `value` in the link fields named (buttons carry a title, so they are kept and checked). */
function withLinks(item: Item, value: string, fields = FIELDS): Item {
  const out: Item = { ...item, customization: { ...item.customization } };
  for (const field of fields) {
    if (field === 'url' || field === 'icon') out[field] = value;
    else if (field === 'customization.image') out.customization!.image = value;
    else out.customization![field.split('.')[1]!] = { title: field.includes('1') ? 'Open' : 'More', url: value };
  }
  return out;
}

/** Each hostile value alone in each link field, and http in the image fields: the items and the 422 they must get. */
function hostileList(item: (i: number) => Item) {
  const cases = [
    ...HOSTILE.flatMap((value) => FIELDS.map((field) => ({ value, field }))),
    ...IMAGE_FIELDS.map((field) => ({ value: HTTP, field })),
  ];
  const items = cases.map((c, i) => withLinks(item(i), c.value, [c.field]));
  const errors = Object.fromEntries(cases.map((c, i) => [`${i}.${c.field}`, [messageOf(c.field)]]));
  return { items, errors };
}

/** The 422 of a single drip carrying `value` in every link field (`prefix`: Drip Setup's `drip.`). */
const allFieldErrors = (value: string, prefix = '') =>
  Object.fromEntries(
    (value === HTTP ? IMAGE_FIELDS : FIELDS).map((field) => [`${prefix}${field}`, [messageOf(field)]]),
  );

describe.each(testBackends())('drip links on $name', (backend) => {
  let t: TestApp;
  let shop: Site;
  let audience: number;
  let user: TestClient;
  /** Drip Setup is a client's (and staff's) tool. */
  let owner: TestClient;
  beforeAll(async () => {
    t = await createTestApp(backend);
    ({ shop } = await demoSites(t));
    audience = await addAudience(t.handle.db, shop, 'Link testers');
    user = await signedIn(t, DEMO.user);
    owner = await signedIn(t, DEMO.client);
  });
  afterAll(() => t?.close());

  const trigger = (event: string): Item => ({
    domain_id: shop.id,
    type: 'trigger',
    event,
    title: 'Still thinking?',
    body: 'Your cart misses you',
    url: 'https://shop.acme.test/cart',
    schedule: { after_days: 0, after_hours: 0, after_mins: 0 },
  });
  const counts = async () => {
    const db = t.handle.db;
    const n = async (table: 'drips' | 'schedules') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return { drips: await n('drips'), schedules: await n('schedules') };
  };
  const stored = (id: number) =>
    t.handle.db
      .selectFrom('drips')
      .select(['url', 'icon', 'customization', 'updated_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('createOrUpdate of every drip type refuses each bad link in each field by its key, writing nothing', async () => {
    const before = await counts();
    const lists = {
      welcome: () => welcomeItem(shop.id),
      recurring: () => recurringItem(shop.id, [audience]),
      trigger: (i: number) => trigger(`links_${i}`),
    };
    for (const [type, item] of Object.entries(lists)) {
      const { items, errors } = hostileList(item);
      const res = await user.post(`/api/v1/drips/${type}/createOrUpdate`, items);
      expect(fieldErrors(res), type).toEqual(errors);
    }
    expect(await counts()).toEqual(before);
  });

  it('the trigger creator (POST /api/v1/drips) refuses them, writing nothing', async () => {
    const before = await counts();
    for (const value of [...HOSTILE, HTTP]) {
      const res = await user.post('/api/v1/drips', withLinks(trigger('creator'), value));
      expect(fieldErrors(res), JSON.stringify(value)).toEqual(allFieldErrors(value));
    }
    expect(await counts()).toEqual(before);
  });

  it('the editors (PUT /api/v1/drips/{id}) refuse them and leave the drip as it was', async () => {
    const created = await user.post('/api/v1/drips', trigger('editor'));
    const welcome = await user.post('/api/v1/drips/welcome/createOrUpdate', [welcomeItem(shop.id)]);
    for (const drip of [created.json().data, welcome.json().data[0]]) {
      const before = await stored(drip.id);
      for (const value of [...HOSTILE, HTTP]) {
        const res = await put(user, `/api/v1/drips/${drip.id}`, withLinks(drip, value));
        expect(fieldErrors(res), JSON.stringify(value)).toEqual(allFieldErrors(value));
      }
      expect(await stored(drip.id)).toEqual(before);
    }
  });

  it('Drip Setup refuses them under drip., writing nothing on any website', async () => {
    const before = await counts();
    for (const value of [...HOSTILE, HTTP]) {
      const res = await owner.post('/api/v1/drips/recurring/setup', {
        drip: withLinks(recurringItem(shop.id, [audience]), value),
        domain_ids: [],
      });
      expect(fieldErrors(res), JSON.stringify(value)).toEqual(allFieldErrors(value, 'drip.'));
    }
    expect(await counts()).toEqual(before);
  });

  it('saves good links as given on every path: https anywhere, http for what a click opens', async () => {
    const good: Item = {
      url: 'http://shop.acme.test/deals?utm=push#top',
      icon: 'https://cdn.acme.test/icon.png',
      customization: {
        image: 'HTTPS://CDN.acme.test/big.jpg',
        button1: { title: 'Open', url: 'https://shop.acme.test/b1' },
        button2: { title: 'More', url: 'http://shop.acme.test/b2' },
      },
    };
    const expectGood = (drip: Item) => {
      expect(drip).toMatchObject({ url: good.url, icon: good.icon });
      expect(drip.customization).toMatchObject(good.customization!);
    };
    const list = await user.post('/api/v1/drips/recurring/createOrUpdate', [
      { ...recurringItem(shop.id, [audience]), ...good },
    ]);
    expect(list.statusCode).toBe(201);
    expectGood(list.json().data[0]);
    const created = await user.post('/api/v1/drips', { ...trigger('good_links'), ...good });
    expect(created.statusCode).toBe(201);
    expectGood(created.json().data);
    const edited = await put(user, `/api/v1/drips/${list.json().data[0].id}`, {
      ...list.json().data[0],
      url: 'https://shop.acme.test/edited',
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.url).toBe('https://shop.acme.test/edited');
    const setup = await owner.post('/api/v1/drips/recurring/setup', {
      drip: { ...recurringItem(shop.id, [audience]), ...good },
    });
    expect(setup.statusCode).toBe(201);
    expectGood(setup.json().data[0]);
  });
});
