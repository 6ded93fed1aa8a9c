import { inflateRawSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { websiteOf } from '../../test/delivery-fixtures.ts';
import { createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';

/** Names and contents of a zip's entries (deflate only, as we write them). */
function unzip(buf: Buffer): Map<string, string> {
  const out = new Map<string, string>();
  let i = 0;
  while (buf.readUInt32LE(i) === 0x04034b50) {
    const size = buf.readUInt32LE(i + 18);
    const nameLen = buf.readUInt16LE(i + 26);
    const extra = buf.readUInt16LE(i + 28);
    const name = buf.subarray(i + 30, i + 30 + nameLen).toString();
    const start = i + 30 + nameLen + extra;
    out.set(name, inflateRawSync(buf.subarray(start, start + size)).toString());
    i = start + size;
  }
  return out;
}

describe.each(testBackends())('integration files on $name', (backend) => {
  let t: TestApp;
  let shop: Awaited<ReturnType<typeof websiteOf>>;
  let news: Awaited<ReturnType<typeof websiteOf>>;
  beforeAll(async () => {
    t = await createTestApp(backend);
    shop = await websiteOf(t.handle.db, 'https://shop.acme.test');
    news = await websiteOf(t.handle.db, 'https://news.globex.test');
  });
  afterAll(() => t?.close());

  it("generates a website's pushmine.js and sw_pm.js with its id, its VAPID public key and the API base", async () => {
    const c = await signedIn(t, DEMO.client);
    for (const name of ['pushmine', 'sw_pm']) {
      const res = await c.post(
        `/api/v1/files/generateJavaScriptFileByDomain?filename=${name}&website_id=${shop.website_id}`,
      );
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${name}.js"`);
      expect(res.headers['content-type']).toMatch(/javascript/);
      const config = JSON.parse(/self\.PUSHMINE_CONFIG = (\{.*?\});/.exec(res.body)![1]!);
      expect(config).toMatchObject({
        websiteId: shop.website_id,
        vapidPublicKey: shop.vapid_public_key,
        swPath: '/sw_pm.js',
      });
      expect(config.apiBase).toMatch(/^http:\/\/.+\/api\/public\/v1$/);
    }
  });

  it("refuses another client's website and bad names", async () => {
    const c = await signedIn(t, DEMO.client);
    expect(
      (await c.post(`/api/v1/files/generateJavaScriptFileByDomain?filename=pushmine&website_id=${news.website_id}`))
        .statusCode,
    ).toBe(404);
    expect(
      (await c.post(`/api/v1/files/generateJavaScriptFileByDomain?filename=evil&website_id=${shop.website_id}`))
        .statusCode,
    ).toBe(422);
    const viewer = await signedIn(t, DEMO.viewer);
    expect(
      (
        await viewer.post(
          `/api/v1/files/generateJavaScriptFileByDomain?filename=pushmine&website_id=${shop.website_id}`,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('zips the files of several websites (multipart, as the spec sends it), leaving out foreign ones', async () => {
    const c = await signedIn(t, DEMO.client);
    const blog = await websiteOf(t.handle.db, 'https://blog.acme.test');
    const boundary = '----pushdeck';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const body =
      part('filename', 'my sites') +
      part('website_ids[]', shop.website_id) +
      part('website_ids[]', blog.website_id) +
      part('website_ids[]', news.website_id) +
      `--${boundary}--\r\n`;
    const res = await c.request('POST', '/api/v1/files/generateJavaScriptZipByDomains', {
      body,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="my_sites.zip"');
    const files = unzip(res.rawPayload);
    expect([...files.keys()].sort()).toEqual([
      `blog.acme.test_${blog.website_id}/pushmine.js`,
      `blog.acme.test_${blog.website_id}/sw_pm.js`,
      `shop.acme.test_${shop.website_id}/pushmine.js`,
      `shop.acme.test_${shop.website_id}/sw_pm.js`,
    ]);
    expect(files.get(`shop.acme.test_${shop.website_id}/pushmine.js`)).toContain(shop.vapid_public_key!);
    const empty = await c.post('/api/v1/files/generateJavaScriptZipByDomains', { website_ids: [] });
    expect(empty.statusCode).toBe(422);
  });

  it('keeps VAPID private keys encrypted at rest and out of every answer', async () => {
    const row = await t.handle.db
      .selectFrom('domains')
      .select(['vapid_private_key'])
      .where('id', '=', shop.id)
      .executeTakeFirstOrThrow();
    expect(row.vapid_private_key).toMatch(/^v1\./);
    const plain = t.box.open(row.vapid_private_key!);
    const c = await signedIn(t, DEMO.client);
    const answers = [
      await c.get('/api/v1/domains'),
      await c.post(`/api/v1/files/generateJavaScriptFileByDomain?filename=pushmine&website_id=${shop.website_id}`),
    ];
    for (const a of answers) {
      expect(a.body).not.toContain(plain);
      expect(a.body).not.toContain(row.vapid_private_key!);
    }
  });
});
