import { type AddressInfo, createServer } from 'node:net';
import { INFRA_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import { multipart } from '../drips/drip-test-kit.ts';
import { ImageStorageRepository } from './image-storage.repository.ts';
import { S3HostPolicy } from './s3-hosts.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const s3 = (host: string) => ({
  IMAGES_STORAGE_DRIVER: 's3',
  IMAGES_STORAGE_HOST: host,
  IMAGES_STORAGE_USERNAME: 'key',
  IMAGES_STORAGE_PASSWORD: 'secret-of-s3-9',
  IMAGES_STORAGE_PUBLIC_DOMAIN: 'https://cdn.acme.test',
  IMAGES_STORAGE_DOC_ROOT: 'bucket',
  IMAGES_STORAGE_PUBLIC_ROOT: 'img',
});

describe('the S3 host policy', () => {
  it('allows public hosts, refuses loopback, private and link-local ones unless listed', async () => {
    const policy = new S3HostPolicy(hostList('10.1.0.0/16:9000,minio.internal:*', 'PUSHDECK_S3_HOSTS'));
    const verdicts: Record<string, boolean> = {};
    for (const url of [
      'https://52.216.8.1',
      'https://[2606:4700::1111]',
      'http://127.0.0.1:9000',
      'http://2130706433:9000',
      'http://[::1]:9000',
      'http://[::ffff:127.0.0.1]:9000',
      'http://169.254.169.254',
      'http://10.0.0.5',
      'http://10.1.2.3:9000',
      'http://10.1.2.3:9001',
      'http://localhost:9000',
      'http://minio.internal:1234',
      'ftp://52.216.8.1',
      'not a url',
    ]) {
      verdicts[url] = await policy.allowsOnSave(url);
    }
    expect(verdicts).toEqual({
      'https://52.216.8.1': true,
      'https://[2606:4700::1111]': true,
      'http://127.0.0.1:9000': false,
      'http://2130706433:9000': false,
      'http://[::1]:9000': false,
      'http://[::ffff:127.0.0.1]:9000': false,
      'http://169.254.169.254': false,
      'http://10.0.0.5': false,
      'http://10.1.2.3:9000': true,
      'http://10.1.2.3:9001': false,
      // a name is judged by its addresses
      'http://localhost:9000': false,
      'http://minio.internal:1234': true,
      'ftp://52.216.8.1': false,
      'not a url': false,
    });
  });
});

describe.each(testBackends())('image storage S3 endpoints and the network on $name', (backend) => {
  let t: TestApp;
  let connections = 0;
  let port = 0;
  const trap = createServer((socket) => {
    connections++;
    socket.destroy();
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => trap.listen(0, '127.0.0.1', resolve));
    port = (trap.address() as AddressInfo).port;
    t = await createTestApp(backend);
  });
  afterAll(async () => {
    await t?.close();
    trap.close();
  });

  const acme = async () =>
    (await t.handle.db.selectFrom('clients').select('id').where('name', '=', 'Acme Shop').executeTakeFirstOrThrow()).id;

  it('refuses an inner S3 endpoint with a 422 on its field when the config is saved, and stores nothing', async () => {
    const a = await signedIn(t, ADMIN.email, ADMIN.password);
    const id = await acme();
    for (const host of [
      `http://127.0.0.1:${port}`,
      `http://localhost:${port}`,
      'http://169.254.169.254',
      'http://[::1]:9000',
      'https://10.0.0.5',
    ]) {
      const res = await a.request('PUT', `/api/v1/management/clients/${id}`, { body: { images_storage: s3(host) } });
      expect(res.statusCode, host).toBe(422);
      expect(res.json().errors, host).toEqual({ 'images_storage.IMAGES_STORAGE_HOST': [INFRA_MSG.s3Host] });
    }
    expect((await a.get(`/api/v1/management/clients/${id}`)).json().data.images_storage).toBeNull();
    // a public address is saved (nothing is called on save)
    const ok = await a.request('PUT', `/api/v1/management/clients/${id}`, {
      body: { images_storage: s3('https://52.216.8.1') },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(connections).toBe(0);
  });

  it('an upload with a stored config whose host is no longer allowed is refused without a connection', async () => {
    const id = await acme();
    const client = await signedIn(t, DEMO.client);
    // stored before the policy (or PUSHDECK_S3_HOSTS) changed: an address, and a name that resolves to loopback
    for (const host of [`http://127.0.0.1:${port}`, `http://localhost:${port}`]) {
      const { IMAGES_STORAGE_PASSWORD: _, ...stored } = s3(host);
      await new ImageStorageRepository(t.handle.db).set(id, {
        images_storage: JSON.stringify(stored),
        images_storage_password_sealed: t.box.seal('secret-of-s3-9'),
      });
      const res = await client.request(
        'POST',
        '/api/v1/files/uploadImage',
        multipart({ type: 'icon' }, { name: 'image', filename: 'i.png', contentType: 'image/png', bytes: PNG }),
      );
      expect(res.statusCode, host).toBe(409);
      expect(res.json().message, host).toBe(INFRA_MSG.s3HostStored);
    }
    expect(connections).toBe(0);
  });
});
