import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import { S3_KEY, startS3 } from '../../test/s3-server.ts';
import { multipart } from '../drips/drip-test-kit.ts';

const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
/** One distinct secret per place a secret enters the API; none may reach a log line. */
const SECRETS = {
  cluster: 'log-secret-cluster-7Qp',
  clusterEdit: 'log-secret-cluster-edit-4Zr',
  test: 'log-secret-test-connection-9Lm',
  dbSub: 'log-secret-db-sub-2Wx',
  invalid: 'log-secret-invalid-body-5Kd',
  broken: 'log-secret-broken-json-8Hs',
  local: 'log-secret-local-storage-3Vb',
  s3: 'log-secret-s3-wrong-6Tn',
  login: 'log-secret-login-1Jc',
};

const server = (password: string, over: Record<string, unknown> = {}) => ({
  driver: 'pgsql',
  host: PG.hostname,
  port: Number(PG.port || 5432),
  database: PG.pathname.slice(1) || 'postgres',
  username: decodeURIComponent(PG.username || 'postgres'),
  password,
  ...over,
});

describe.each(testBackends())('secrets never reach the logs on $name', (backend) => {
  let t: TestApp;
  let s3: Awaited<ReturnType<typeof startS3>>;
  let folder: string;
  const lines: string[] = [];
  beforeAll(async () => {
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    // the most talkative level: every request, every error the app logs
    // the S3 stand-in listens on 127.0.0.1, which the operator must list; connection tests timed short
    [t, s3] = await Promise.all([
      createTestApp(backend, {
        log: { stream, level: 'trace' },
        config: { s3Hosts: hostList('127.0.0.1:*', 'PUSHDECK_S3_HOSTS') },
        connectionTest: { floorMs: 0, timeoutMs: 1500 },
      }),
      startS3(),
    ]);
    folder = await mkdtemp(path.join(tmpdir(), 'pushdeck-log-storage-'));
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('creating, editing and testing clusters and db subs, bad bodies, image storage and its failures log no secret', async () => {
    const a = await signedIn(t, ADMIN.email, ADMIN.password);
    const acme = await t.handle.db
      .selectFrom('clients')
      .select('id')
      .where('name', '=', 'Acme Shop')
      .executeTakeFirstOrThrow();
    const cluster = await a.post('/api/v1/management/clusters', {
      cluster_name: 'logged',
      default: 0,
      db_entities_master: server(SECRETS.cluster),
      db_subs: [{ name: 'logged-0', region: 'eu', shard_number: 0, config: server(SECRETS.cluster) }],
      client_ids: [acme.id],
    });
    expect(cluster.statusCode, cluster.body).toBe(201);
    const id = cluster.json().data.id;
    const edited = await a.request('PUT', `/api/v1/management/clusters/${id}`, {
      body: { db_entities_master: server(SECRETS.clusterEdit, { port: 1 }) },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    for (const over of [{ port: 1 }, { database: 'no_such_db_pushdeck' }, {}]) {
      const tested = await a.post('/api/v1/management/clusters/test', { config: server(SECRETS.test, over) });
      expect(tested.statusCode).toBe(200);
    }
    const sub = await a.post('/api/v1/management/dbsubs', {
      cluster_id: id,
      name: 'logged-1',
      region: 'us',
      shard_number: 1,
      config: server(SECRETS.dbSub),
    });
    expect(sub.statusCode, sub.body).toBe(201);
    // refused bodies: a validation error, and JSON cut off in the middle of the secret (a parser's message quotes it)
    const invalid = await a.post('/api/v1/management/clusters', {
      default: 7,
      db_entities_master: server(SECRETS.invalid, { port: 'x' }),
    });
    expect(invalid.statusCode).toBe(422);
    const broken = await a.request('POST', '/api/v1/management/clusters', {
      body: `{"cluster_name":"b","db_entities_master":{"password":"${SECRETS.broken}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(broken.statusCode).toBe(400);
    // image storage: a local folder, then an S3 store that refuses the secret, and an upload that fails on it
    const storage = (images_storage: object) =>
      a.request('PUT', `/api/v1/management/clients/${acme.id}`, { body: { images_storage } });
    const local = await storage({
      IMAGES_STORAGE_DRIVER: 'local',
      IMAGES_STORAGE_HOST: 'files.acme.test',
      IMAGES_STORAGE_USERNAME: 'www-data',
      IMAGES_STORAGE_PASSWORD: SECRETS.local,
      IMAGES_STORAGE_PUBLIC_DOMAIN: 'https://cdn.acme.test/',
      IMAGES_STORAGE_DOC_ROOT: folder,
      IMAGES_STORAGE_PUBLIC_ROOT: 'img',
    });
    expect(local.statusCode, local.body).toBe(200);
    expect(local.body).not.toContain(SECRETS.local);
    expect((await a.get(`/api/v1/management/clients/${acme.id}`)).body).not.toContain(SECRETS.local);
    const wrong = await storage({
      IMAGES_STORAGE_DRIVER: 's3',
      IMAGES_STORAGE_HOST: s3.endpoint,
      IMAGES_STORAGE_USERNAME: S3_KEY.username,
      IMAGES_STORAGE_PASSWORD: SECRETS.s3,
      IMAGES_STORAGE_PUBLIC_DOMAIN: `${s3.endpoint}/${s3.bucket}`,
      IMAGES_STORAGE_DOC_ROOT: s3.bucket,
      IMAGES_STORAGE_PUBLIC_ROOT: 'push/icons',
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    const upload = await (await signedIn(t, DEMO.client)).request(
      'POST',
      '/api/v1/files/uploadImage',
      multipart({ type: 'icon' }, { name: 'image', filename: 'i.png', contentType: 'image/png', bytes: PNG }),
    );
    // s3rver checks the signature: the wrong secret is refused, so the store's error went through the app
    expect(upload.statusCode).toBe(502);
    expect(upload.body).not.toContain(SECRETS.s3);
    // a failed sign-in with a password
    const login = await a.post('/api/auth/user/login', { email: DEMO.client, password: SECRETS.login });
    expect(login.statusCode).toBe(422);

    const log = lines.join('');
    // the logs were really written: every request above is in them
    expect(log).toContain('/api/v1/management/clusters/test');
    expect(log).toContain('/api/v1/files/uploadImage');
    for (const [where, secret] of Object.entries(SECRETS)) {
      expect(log.includes(secret), `the ${where} secret is in the logs`).toBe(false);
    }
  });
});
