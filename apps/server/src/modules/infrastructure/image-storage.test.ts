import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { INFRA_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp, type TestClient } from '../../test/harness.ts';
import { S3_KEY, startS3 } from '../../test/s3-server.ts';
import { multipart } from '../drips/drip-test-kit.ts';

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const CLIENTS = '/api/v1/management/clients';

describe.each(testBackends())('image storage per client on $name', (backend) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let folder: string;
  let dataDir: string;
  let acmeId: number;
  beforeAll(async () => {
    // the S3 stand-in listens on 127.0.0.1 (a port of its own choosing), which the operator must list
    [t, s3] = await Promise.all([
      createTestApp(backend, { config: { s3Hosts: hostList('127.0.0.1:*', 'PUSHDECK_S3_HOSTS') } }),
      startS3(),
    ]);
    folder = await mkdtemp(path.join(tmpdir(), 'pushdeck-local-storage-'));
    dataDir = await mkdtemp(path.join(tmpdir(), 'pushdeck-uploads-'));
    t.config.dataDir = dataDir;
    acmeId = (
      await t.handle.db.selectFrom('clients').select('id').where('name', '=', 'Acme Shop').executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    for (const dir of [folder, dataDir]) if (dir) await rm(dir, { recursive: true, force: true });
  });

  const s3Config = (over: Record<string, unknown> = {}) => ({
    IMAGES_STORAGE_DRIVER: 's3',
    IMAGES_STORAGE_HOST: s3.endpoint,
    IMAGES_STORAGE_USERNAME: S3_KEY.username,
    IMAGES_STORAGE_PASSWORD: S3_KEY.password,
    IMAGES_STORAGE_PUBLIC_DOMAIN: `${s3.endpoint}/${s3.bucket}`,
    IMAGES_STORAGE_DOC_ROOT: s3.bucket,
    IMAGES_STORAGE_PUBLIC_ROOT: 'push/icons',
    ...over,
  });
  const setStorage = async (body: object) =>
    (await signedIn(t, ADMIN.email, ADMIN.password)).request('PUT', `${CLIENTS}/${acmeId}`, { body });
  const upload = (c: TestClient) =>
    c.request(
      'POST',
      '/api/v1/files/uploadImage',
      multipart({ type: 'icon' }, { name: 'image', filename: 'i.png', contentType: 'image/png', bytes: PNG }),
    );

  it('without a config, uploads go to the instance folder under /uploads/', async () => {
    const res = await upload(await signedIn(t, DEMO.client));
    expect(res.statusCode, res.body).toBe(200);
    expect(new URL(res.json().data[0].full_url).pathname).toMatch(/^\/uploads\/\d+\/[0-9a-f]{32}\.png$/);
  });

  it('s3: the icon lands in the bucket under the public root and folder, and full_url serves it from there', async () => {
    const saved = await setStorage({ images_storage: s3Config() });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.images_storage).toMatchObject({ IMAGES_STORAGE_DRIVER: 's3', password_set: true });
    expect(saved.body).not.toContain('IMAGES_STORAGE_PASSWORD');
    const row = await t.handle.db
      .selectFrom('clients')
      .select(['images_storage', 'images_storage_password_sealed', 'client_uid'])
      .where('id', '=', acmeId)
      .executeTakeFirstOrThrow();
    expect(row.images_storage_password_sealed).toMatch(/^v1\./);
    expect(Object.keys(row.images_storage ?? {})).not.toContain('IMAGES_STORAGE_PASSWORD');

    const res = await upload(await signedIn(t, DEMO.user));
    expect(res.statusCode, res.body).toBe(200);
    const url: string = res.json().data[0].full_url;
    expect(url).toMatch(new RegExp(`^${s3.endpoint}/${s3.bucket}/push/icons/${row.client_uid}/[0-9a-f]{32}\\.png$`));
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(Buffer.from(await served.arrayBuffer()).equals(PNG)).toBe(true);
    // not in the instance folder
    expect((await readdir(path.join(dataDir, 'uploads', String(acmeId)))).length).toBe(1);

    // the public folder moves where the next ones go
    expect((await setStorage({ images_storage_public_folder: 'acme/brand' })).statusCode).toBe(200);
    const moved: string = (await upload(await signedIn(t, DEMO.client))).json().data[0].full_url;
    expect(moved).toContain(`/${s3.bucket}/push/icons/acme/brand/`);
    expect((await fetch(moved)).status).toBe(200);

    // editing without the password keeps it (the upload is still signed right)
    const { IMAGES_STORAGE_PASSWORD: _, ...withoutPassword } = s3Config({ IMAGES_STORAGE_PUBLIC_ROOT: 'kept' });
    expect((await setStorage({ images_storage: withoutPassword })).statusCode).toBe(200);
    const kept = await upload(await signedIn(t, DEMO.client));
    expect(kept.statusCode, kept.body).toBe(200);
    expect(kept.json().data[0].full_url).toContain('/kept/acme/brand/');

    // the store refuses a wrong secret (the stand-in verifies signatures): a clear error, not a 500 nor a false URL
    const before = s3.refused();
    await setStorage({ images_storage: s3Config({ IMAGES_STORAGE_PASSWORD: 'wrong-secret' }) });
    const refused = await upload(await signedIn(t, DEMO.client));
    expect(refused.statusCode).toBe(502);
    expect(refused.json().message).toMatch(/image storage refused/);
    expect(refused.body).not.toContain('wrong-secret');
    expect(s3.refused()).toBeGreaterThan(before);
    // and a bucket it does not have, with the right secret
    await setStorage({ images_storage: s3Config({ IMAGES_STORAGE_DOC_ROOT: 'no-such-bucket' }) });
    const noBucket = await upload(await signedIn(t, DEMO.client));
    expect(noBucket.statusCode).toBe(502);
    expect(noBucket.json().message).toMatch(/image storage refused/);
  });

  it('local: the icon is written into the folder and its URL is under the public domain', async () => {
    const saved = await setStorage({
      images_storage: {
        IMAGES_STORAGE_DRIVER: 'local',
        IMAGES_STORAGE_HOST: 'files.acme.test',
        IMAGES_STORAGE_USERNAME: 'www-data',
        IMAGES_STORAGE_PASSWORD: 'unused-but-required',
        IMAGES_STORAGE_PUBLIC_DOMAIN: 'https://cdn.acme.test/',
        IMAGES_STORAGE_DOC_ROOT: folder,
        IMAGES_STORAGE_PUBLIC_ROOT: 'img',
      },
      images_storage_public_folder: 'shop',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('unused-but-required');
    expect((await (await signedIn(t, ADMIN.email, ADMIN.password)).get(`${CLIENTS}/${acmeId}`)).body).not.toContain(
      'unused-but-required',
    );
    const url: string = (await upload(await signedIn(t, DEMO.client))).json().data[0].full_url;
    expect(url).toMatch(/^https:\/\/cdn\.acme\.test\/img\/shop\/[0-9a-f]{32}\.png$/);
    const file = path.join(folder, 'img', 'shop', url.split('/').pop()!);
    expect((await readFile(file)).equals(PNG)).toBe(true);
    // back to the instance folder
    const reset = await setStorage({ images_storage: null });
    expect(reset.json().data.images_storage).toBeNull();
    expect(new URL((await upload(await signedIn(t, DEMO.client))).json().data[0].full_url).pathname).toMatch(
      /^\/uploads\//,
    );
  });

  it('validates: every field required, the driver, the folder; only the admin sets it; nothing secret in the audit', async () => {
    const errors = async (body: object) => (await setStorage(body)).json().errors ?? {};
    const missing = await errors({ images_storage: { IMAGES_STORAGE_DRIVER: 's3' } });
    for (const field of ['HOST', 'USERNAME', 'PUBLIC_DOMAIN', 'DOC_ROOT', 'PUBLIC_ROOT']) {
      expect(missing[`images_storage.IMAGES_STORAGE_${field}`]).toEqual([INFRA_MSG.fillRequired]);
    }
    expect(
      (await errors({ images_storage: s3Config({ IMAGES_STORAGE_DRIVER: 'ftp' }) }))[
        'images_storage.IMAGES_STORAGE_DRIVER'
      ],
    ).toEqual([INFRA_MSG.storageDriver]);
    expect((await errors({ images_storage_public_folder: '../etc' })).images_storage_public_folder).toEqual([
      INFRA_MSG.publicFolder,
    ]);
    expect((await errors({ images_storage_public_folder: '' })).images_storage_public_folder).toEqual([
      INFRA_MSG.fillRequired,
    ]);
    // a new config without a password while none is stored
    await setStorage({ images_storage: null });
    const { IMAGES_STORAGE_PASSWORD: _, ...noPassword } = s3Config();
    expect((await errors({ images_storage: noPassword }))['images_storage.IMAGES_STORAGE_PASSWORD']).toEqual([
      INFRA_MSG.fillRequired,
    ]);
    for (const email of [DEMO.moder, DEMO.client]) {
      const c = await signedIn(t, email);
      expect(
        (await c.request('PUT', `${CLIENTS}/${acmeId}`, { body: { images_storage: s3Config() } })).statusCode,
      ).toBe(403);
    }
    const audit = await (await signedIn(t, ADMIN.email, ADMIN.password)).get(
      `/api/v1/management/audit?where[action]=client.images_storage&where[subject_id]=${acmeId}`,
    );
    expect(audit.json().data.data.length).toBeGreaterThan(0);
    expect(audit.body).not.toContain(S3_KEY.password);
    expect(audit.body).not.toContain('wrong-secret');
    expect(audit.body).not.toContain('unused-but-required');
  });
});
