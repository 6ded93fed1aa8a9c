import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DRIP_MSG, MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { createTestApp, DEMO, signedIn, type TestApp, TestClient } from '../../test/harness.ts';
import { demoSites, fieldErrors, multipart, welcomeItem } from './drip-test-kit.ts';

/** A real 1×1 PNG and the first bytes of a JPEG (SOI + JFIF APP0). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const JPEG = Buffer.concat([
  Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex'),
  Buffer.alloc(64, 7),
  Buffer.from('ffd9', 'hex'),
]);

describe.each(testBackends())('image uploads on $name', (backend) => {
  let t: TestApp;
  let dataDir: string;
  beforeAll(async () => {
    t = await createTestApp(backend);
    dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-uploads-'));
    t.config.dataDir = dataDir; // the image store reads the app's config on each call
  });
  afterAll(async () => {
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const upload = (c: TestClient, type: string, bytes: Buffer, filename = 'pic.png', contentType = 'image/png') =>
    c.request(
      'POST',
      '/api/v1/files/uploadImage',
      multipart({ type }, { name: 'image', filename, contentType, bytes }),
    );

  it('stores a png icon and a jpeg image by content, and serves them back with a long cache', async () => {
    const c = await signedIn(t, DEMO.client);
    const res = await upload(c, 'icon', PNG);
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data[0].full_url);
    expect(url.origin).toMatch(/^https?:\/\//);
    expect(url.pathname).toMatch(/^\/uploads\/\d+\/[0-9a-f]{32}\.png$/);
    const served = await new TestClient(t.app).get(url.pathname);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('max-age=31536000');
    // never rendered as a page: the sniffed type, nosniff, an image disposition, a sandboxed policy that loads nothing;
    // no Cross-Origin-Resource-Policy, so subscriber sites can show it as a notification icon
    const name = url.pathname.split('/').pop();
    expect(served.headers['content-disposition']).toBe(`inline; filename="${name}"`);
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'; sandbox");
    expect(served.headers['cross-origin-resource-policy']).toBeUndefined();
    expect(served.rawPayload.equals(PNG)).toBe(true);
    const jpeg = await upload(c, 'image', JPEG, 'photo.gif', 'image/gif');
    const jpegPath = new URL(jpeg.json().data[0].full_url).pathname;
    expect(jpegPath).toMatch(/\.jpg$/);
    const servedJpeg = await new TestClient(t.app).get(jpegPath);
    expect(servedJpeg.headers['content-type']).toBe('image/jpeg');
    expect(servedJpeg.rawPayload.equals(JPEG)).toBe(true);
    const client = (await readdir(path.join(dataDir, 'uploads')))[0];
    expect((await readdir(path.join(dataDir, 'uploads', client!))).length).toBe(2);
  });

  it('gives addresses a drip can carry as its icon and image, without TLS locally and under the public https URL', async () => {
    const c = await signedIn(t, DEMO.client);
    const { shop } = await demoSites(t);
    const saveWith = async () => {
      const icon = (await upload(c, 'icon', PNG)).json().data[0].full_url as string;
      const image = (await upload(c, 'image', JPEG, 'photo.jpg', 'image/jpeg')).json().data[0].full_url as string;
      const item = welcomeItem(shop.id, { icon, customization: { image } });
      const res = await c.post('/api/v1/drips/welcome/createOrUpdate', [item]);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().data[0]).toMatchObject({ icon, customization: { image } });
      return icon;
    };
    expect(await saveWith()).toMatch(/^http:\/\/localhost(:\d+)?\/uploads\//);
    const publicUrl = t.config.publicUrl;
    t.config.publicUrl = 'https://push.acme.test';
    try {
      expect(await saveWith()).toMatch(/^https:\/\/push\.acme\.test\/uploads\//);
    } finally {
      t.config.publicUrl = publicUrl;
    }
  });

  it('refuses a .png named text file, an oversize icon or image, and a missing file', async () => {
    const c = await signedIn(t, DEMO.user);
    const text = await upload(c, 'icon', Buffer.from('<svg onload="alert(1)"></svg>'), 'evil.png');
    expect(fieldErrors(text)).toEqual({ image: [DRIP_MSG.imageType] });
    const bigIcon = Buffer.concat([PNG, Buffer.alloc(1024 * 1024)]);
    expect(fieldErrors(await upload(c, 'icon', bigIcon))).toEqual({ image: [DRIP_MSG.imageSize('icon')] });
    expect((await upload(c, 'image', bigIcon)).statusCode).toBe(200);
    const huge = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect(fieldErrors(await upload(c, 'image', huge))).toEqual({ image: [DRIP_MSG.imageSize('image')] });
    const none = await c.request('POST', '/api/v1/files/uploadImage', multipart({ type: 'icon' }));
    expect(fieldErrors(none)).toEqual({ image: [DRIP_MSG.imageRequired] });
    const noType = await c.request(
      'POST',
      '/api/v1/files/uploadImage',
      multipart({}, { name: 'image', filename: 'a.png', contentType: 'image/png', bytes: PNG }),
    );
    expect(fieldErrors(noType)).toEqual({ type: [MSG.required] });
  });

  it('serves nothing outside the upload folder and answers 404 for unknown files', async () => {
    const anon = new TestClient(t.app);
    for (const p of [
      '/uploads/../secret.key',
      '/uploads/1/..%2f..%2fsecret.key',
      '/uploads/1/abc.png',
      `/uploads/1/${'a'.repeat(32)}.png`,
    ]) {
      expect((await anon.get(p)).statusCode, p).toBe(404);
    }
  });

  it('needs a writer: viewers get 403, staff must pick a client', async () => {
    const viewer = await signedIn(t, DEMO.viewer);
    expect((await upload(viewer, 'icon', PNG)).statusCode).toBe(403);
    const moder = await signedIn(t, DEMO.moder);
    expect(fieldErrors(await upload(moder, 'icon', PNG))).toEqual({ client: [MSG.selectClient] });
  });
});
