import { type AddressInfo, createServer } from 'node:net';
import { INFRA_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, DEMO, signedIn, type TestApp } from '../../test/harness.ts';
import { CONNECTION_TEST_TIMING } from './clusters.service.ts';
import { CHECK_TIMEOUT_MS } from './db-check.ts';

const CLUSTERS = '/api/v1/management/clusters';
const SUBS = '/api/v1/management/dbsubs';
/** This machine's PostgreSQL server (CI starts it; the server tests' TEST_DATABASE_URL points at it too). */
const PG = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
const SECRET = 'cluster-secret-Xy7!';
/** Shorter than the product's (1 s floor, 3 s timeout) to keep the failures quick; cluster-network.test.ts times them. */
const TIMING = { floorMs: 0, timeoutMs: 1500 };

const server = (over: Record<string, unknown> = {}) => ({
  driver: 'pgsql',
  host: PG.hostname,
  port: Number(PG.port || 5432),
  database: PG.pathname.slice(1) || 'postgres',
  username: decodeURIComponent(PG.username || 'postgres'),
  password: decodeURIComponent(PG.password) || SECRET,
  ...over,
});

describe.each(testBackends())('Clusters Management on $name', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(backend, { connectionTest: TIMING });
  });
  afterAll(() => t?.close());

  const admin = () => signedIn(t, ADMIN.email, ADMIN.password);
  const clientIds = async () =>
    (await t.handle.db.selectFrom('clients').select('id').orderBy('id').execute()).map((c) => c.id);
  const newCluster = async (name: string, over: Record<string, unknown> = {}) => {
    const [acme] = await clientIds();
    return (await admin()).post(CLUSTERS, {
      cluster_name: name,
      default: 0,
      db_entities_master: server(),
      db_subs: [{ name: `${name}-sub-0`, region: 'eu', shard_number: 0, config: server() }],
      client_ids: [acme],
      ...over,
    });
  };

  it('creates a cluster with a db sub and a client, checks the server on save, never returns the password', async () => {
    const res = await newCluster('main');
    expect(res.statusCode, res.body).toBe(201);
    const cluster = res.json().data;
    expect(cluster).toMatchObject({
      cluster_name: 'main',
      default: 0,
      is_active: 1,
      db_entities_master: { host: PG.hostname, password_set: true },
      db_subs: [{ name: 'main-sub-0', region: 'eu', shard_number: 0, config: { password_set: true } }],
    });
    expect(cluster.clients).toHaveLength(1);
    expect(cluster.check).toMatchObject({ reachable: true, error: null });
    expect(cluster.check.version).toMatch(/^\d+/);
    expect(cluster.check.latency_ms).toBeGreaterThan(0);
    expect(res.body).not.toContain(SECRET);
    // sealed at rest
    const row = await t.handle.db
      .selectFrom('clusters')
      .select('password_sealed')
      .where('id', '=', cluster.id)
      .executeTakeFirstOrThrow();
    expect(row.password_sealed).toMatch(/^v1\./);
    expect(row.password_sealed).not.toContain(SECRET);
    const client = await t.handle.db
      .selectFrom('clients')
      .select('cluster_id')
      .where('id', '=', cluster.clients[0].id)
      .executeTakeFirstOrThrow();
    expect(client.cluster_id).toBe(cluster.id);
    // lists and shows
    const a = await admin();
    const list = await a.get(CLUSTERS);
    expect(list.json().data.map((c: { cluster_name: string }) => c.cluster_name)).toContain('main');
    expect((await a.get(`${CLUSTERS}/${cluster.id}`)).json().data.db_subs).toHaveLength(1);
    expect(list.body).not.toContain(SECRET);
    expect(list.body).not.toContain('password_sealed');
    // the audit trail holds no password
    const audit = await a.get(`/api/v1/management/audit?where[action]=cluster.create&where[subject_id]=${cluster.id}`);
    expect(audit.json().data.data).toHaveLength(1);
    expect(audit.body).not.toContain(SECRET);
    expect(audit.body).not.toContain('v1.');
  });

  it('Test connection: reachable with version and latency; a wrong port or a silent server: the one failure text', async () => {
    const a = await admin();
    const ok = (await a.post(`${CLUSTERS}/test`, { config: server() })).json().data;
    expect(ok).toMatchObject({ reachable: true, error: null });
    expect(ok.version).toMatch(/^\d+/);
    const started = Date.now();
    const bad = await a.post(`${CLUSTERS}/test`, { config: server({ port: 1 }) });
    expect(bad.statusCode).toBe(200);
    // not a PostgreSQL answer: the one text, at the time a silent server would answer (cluster-network.test.ts)
    expect(bad.json().data).toMatchObject({
      reachable: false,
      version: null,
      latency_ms: null,
      error: INFRA_MSG.noPostgres,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(TIMING.timeoutMs - 5);
    expect(Date.now() - started).toBeLessThan(10_000);
    // a server that accepts the connection and never answers: the short timeout ends the test, not the driver
    const silent = createServer(() => {});
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const waited = Date.now();
      const hung = await a.post(`${CLUSTERS}/test`, {
        config: server({ host: '127.0.0.1', port: (silent.address() as AddressInfo).port }),
      });
      const took = Date.now() - waited;
      expect(hung.json().data).toMatchObject({ reachable: false, version: null, error: INFRA_MSG.noPostgres });
      expect(took).toBeGreaterThanOrEqual(TIMING.timeoutMs - 5);
      expect(took).toBeLessThan(TIMING.timeoutMs + 5_000);
    } finally {
      silent.close();
    }
    const wrongDb = (await a.post(`${CLUSTERS}/test`, { config: server({ database: 'no_such_db_pushdeck' }) })).json()
      .data;
    // a PostgreSQL server's own answer stays as it is: it proves a real database
    expect(wrongDb.reachable).toBe(false);
    expect(wrongDb.error).toContain('no_such_db_pushdeck');
  });

  it("the product's timing: a 1 s floor, failures at the 3 s timeout", () => {
    expect(CONNECTION_TEST_TIMING).toEqual({ floorMs: 1000, timeoutMs: CHECK_TIMEOUT_MS });
    expect(CHECK_TIMEOUT_MS).toBe(3000);
  });

  it('the spec texts for bad input, and a save to a wrong port is stored with its failed check', async () => {
    const a = await admin();
    const errors = async (body: object) => (await a.post(CLUSTERS, body)).json().errors;
    expect((await errors({ default: 0 })).cluster_name).toEqual([INFRA_MSG.fillRequired]);
    const badDefault = await newCluster('x', { default: 2 });
    expect(badDefault.statusCode).toBe(422);
    expect(badDefault.json().errors.default).toEqual([INFRA_MSG.defaultFlag]);
    const noSub = await newCluster('x', { db_subs: [] });
    expect(noSub.json().errors.db_subs).toEqual([INFRA_MSG.fillRequired]);
    const noClient = await newCluster('x', { client_ids: [] });
    expect(noClient.json().errors.client_ids).toEqual([INFRA_MSG.fillRequired]);
    const noHost = await newCluster('x', { db_entities_master: server({ host: '' }) });
    expect(noHost.json().errors['db_entities_master.host']).toEqual([INFRA_MSG.fillRequired]);
    const mysql = await newCluster('x', { db_entities_master: server({ driver: 'mysql' }) });
    expect(mysql.json().errors['db_entities_master.driver']).toEqual([INFRA_MSG.driver]);
    const unknownClient = await newCluster('x', { client_ids: [999999] });
    expect(unknownClient.json().errors.client_ids).toEqual([INFRA_MSG.unknownClient]);
    expect(
      (await t.handle.db.selectFrom('clusters').select('id').where('cluster_name', '=', 'x').execute()).length,
    ).toBe(0);

    const down = await newCluster('down', { db_entities_master: server({ port: 1 }) });
    expect(down.statusCode).toBe(201);
    expect(down.json().data.check).toMatchObject({ reachable: false });
  });

  it('a server with trust or peer authentication needs no password: saved and edited without one', async () => {
    const a = await admin();
    const { password: _, ...noPassword } = server();
    // this machine's server trusts connections from 127.0.0.1 (CI's too): it answers without a password
    const created = await newCluster('trusting', {
      db_entities_master: noPassword,
      db_subs: [{ name: 'trusting-0', region: 'eu', shard_number: 0, config: server({ password: '' }) }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const cluster = created.json().data;
    expect(cluster.db_entities_master.password_set).toBe(false);
    expect(cluster.db_subs[0].config.password_set).toBe(false);
    expect(cluster.check).toMatchObject({ reachable: true, error: null });
    const sub = await a.post(SUBS, {
      cluster_id: cluster.id,
      name: 'trusting-1',
      region: 'eu',
      shard_number: 1,
      config: noPassword,
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json().data).toMatchObject({ config: { password_set: false }, check: { reachable: true } });
    // an edit without a password keeps none; a password given later is kept by the next edit without one
    const renamed = await a.request('PUT', `${CLUSTERS}/${cluster.id}`, { body: { db_entities_master: noPassword } });
    expect(renamed.json().data).toMatchObject({
      db_entities_master: { password_set: false },
      check: { reachable: true },
    });
    await a.request('PUT', `${CLUSTERS}/${cluster.id}`, {
      body: { db_entities_master: server({ password: 'later-1' }) },
    });
    const kept = await a.request('PUT', `${CLUSTERS}/${cluster.id}`, { body: { db_entities_master: noPassword } });
    expect(kept.json().data.db_entities_master.password_set).toBe(true);
    const tested = await a.post(`${CLUSTERS}/test`, { config: noPassword, db_sub_id: sub.json().data.id });
    expect(tested.json().data).toMatchObject({ reachable: true });
  });

  it('editing without retyping the password keeps it; default is one cluster at a time; activeness toggles', async () => {
    const a = await admin();
    const first = (await newCluster('first', { default: 1 })).json().data;
    const second = (await newCluster('second', { default: 1 })).json().data;
    const defaults = (await a.get(CLUSTERS)).json().data.filter((c: { default: number }) => c.default === 1);
    expect(defaults.map((c: { id: number }) => c.id)).toEqual([second.id]);

    const { password: _, ...noPassword } = server();
    const edited = await a.request('PUT', `${CLUSTERS}/${first.id}`, {
      body: { cluster_name: 'first-renamed', db_entities_master: noPassword },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      cluster_name: 'first-renamed',
      db_entities_master: { password_set: true },
    });
    // the kept password still opens the server, and it is the one first given (this machine's server takes any
    // password on 127.0.0.1, so the sealed value itself is checked)
    expect(edited.json().data.check).toMatchObject({ reachable: true });
    const sealed = await t.handle.db
      .selectFrom('clusters')
      .select('password_sealed')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(t.box.open(sealed.password_sealed)).toBe(server().password);
    const retyped = await a.request('PUT', `${CLUSTERS}/${first.id}`, {
      body: { db_entities_master: server({ password: 'a-new-secret-9' }) },
    });
    expect(retyped.statusCode).toBe(200);
    const resealed = await t.handle.db
      .selectFrom('clusters')
      .select('password_sealed')
      .where('id', '=', first.id)
      .executeTakeFirstOrThrow();
    expect(t.box.open(resealed.password_sealed)).toBe('a-new-secret-9');
    expect(retyped.body).not.toContain('a-new-secret-9');
    // test with the stored password: only for the server it was stored for
    const stored = await a.post(`${CLUSTERS}/test`, { config: noPassword, cluster_id: first.id });
    expect(stored.json().data.reachable).toBe(true);
    const off = await a.request('PUT', `${CLUSTERS}/${first.id}`, { body: { is_active: 0 } });
    expect(off.json().data.is_active).toBe(0);
    expect((await a.request('PUT', `${CLUSTERS}/${first.id}`, { body: { is_active: 3 } })).statusCode).toBe(422);
    expect((await a.request('PUT', `${CLUSTERS}/${first.id}`, { body: {} })).statusCode).toBe(422);
    expect((await a.request('PUT', `${CLUSTERS}/999999`, { body: { is_active: 0 } })).statusCode).toBe(404);
  });

  it('db subs: create, list by cluster, edit keeping the password, unique shard, delete; cluster delete frees clients', async () => {
    const a = await admin();
    const cluster = (await newCluster('subs')).json().data;
    const created = await a.post(SUBS, {
      cluster_id: cluster.id,
      name: 'shard-1',
      region: 'us',
      shard_number: 1,
      config: server({ port: 1 }),
    });
    expect(created.statusCode, created.body).toBe(201);
    const sub = created.json().data;
    expect(sub).toMatchObject({ cluster_id: cluster.id, shard_number: 1, config: { port: 1, password_set: true } });
    expect(sub.check.reachable).toBe(false);
    expect(created.body).not.toContain(SECRET);
    const dup = await a.post(SUBS, {
      cluster_id: cluster.id,
      name: 'dup',
      region: 'us',
      shard_number: 1,
      config: server(),
    });
    expect(dup.json().errors.shard_number).toEqual([INFRA_MSG.shardTaken]);
    const { password: _, ...noPassword } = server();
    const fixed = await a.request('PUT', `${SUBS}/${sub.id}`, { body: { cluster_id: cluster.id, config: noPassword } });
    expect(fixed.statusCode, fixed.body).toBe(200);
    expect(fixed.json().data.check.reachable).toBe(true);
    const listed = (await a.get(`${SUBS}?where[cluster_id]=${cluster.id}`)).json().data;
    expect(listed.map((s: { shard_number: number }) => s.shard_number)).toEqual([0, 1]);
    expect((await a.get(`${SUBS}/${sub.id}`)).json().data.name).toBe('shard-1');
    expect((await a.request('DELETE', `${SUBS}/${sub.id}`)).statusCode).toBe(204);
    expect((await a.get(`${SUBS}/${sub.id}`)).statusCode).toBe(404);

    expect((await a.request('DELETE', `${CLUSTERS}/${cluster.id}`)).statusCode).toBe(204);
    expect((await a.get(`${CLUSTERS}/${cluster.id}`)).statusCode).toBe(404);
    const freed = await t.handle.db
      .selectFrom('clients')
      .select('cluster_id')
      .where('id', '=', cluster.clients[0].id)
      .executeTakeFirstOrThrow();
    expect(freed.cluster_id).not.toBe(cluster.id);
    expect(await t.handle.db.selectFrom('db_subs').select('id').where('cluster_id', '=', cluster.id).execute()).toEqual(
      [],
    );
    // a client is assigned to a cluster (or none) on its own too, audited
    const other = (await newCluster('assign')).json().data;
    const acme = (await clientIds())[0]!;
    const off = await a.request('PUT', `/api/v1/management/clients/${acme}`, { body: { cluster_id: null } });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data.cluster_id).toBeNull();
    const put = await a.request('PUT', `/api/v1/management/clients/${acme}`, { body: { cluster_id: other.id } });
    expect(put.json().data.cluster_id).toBe(other.id);
    const trail = await a.get(`/api/v1/management/audit?where[action]=client.update&where[subject_id]=${acme}`);
    expect(trail.json().data.data).toContainEqual(
      expect.objectContaining({ before: { cluster_id: other.id }, after: { cluster_id: null } }),
    );
    expect(trail.json().data.data).toContainEqual(
      expect.objectContaining({ before: { cluster_id: null }, after: { cluster_id: other.id } }),
    );
    expect(
      (await a.request('PUT', `/api/v1/management/clients/${acme}`, { body: { cluster_id: 999999 } })).json().errors
        .cluster_id,
    ).toEqual([INFRA_MSG.clusterNotFound]);
  });

  it('is admin only: moder and client roles get 403 and nothing changes', async () => {
    for (const email of [DEMO.moder, DEMO.client, DEMO.user]) {
      const c = await signedIn(t, email);
      expect((await c.get(CLUSTERS)).statusCode).toBe(403);
      expect((await c.post(`${CLUSTERS}/test`, { config: server() })).statusCode).toBe(403);
      expect((await c.post(CLUSTERS, { cluster_name: 'sneaky' })).statusCode).toBe(403);
    }
    expect(
      await t.handle.db.selectFrom('clusters').select('id').where('cluster_name', '=', 'sneaky').execute(),
    ).toEqual([]);
  });
});
