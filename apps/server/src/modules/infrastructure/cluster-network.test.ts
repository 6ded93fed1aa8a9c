import { createServer as createHttpServer } from 'node:http';
import { type AddressInfo, createServer, type Server } from 'node:net';
import { INFRA_MSG } from '@pushdeck/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hostList } from '../../lib/host-list.ts';
import { testBackends } from '../../test/backends.ts';
import { ADMIN, createTestApp, signedIn, type TestApp } from '../../test/harness.ts';

const CLUSTERS = '/api/v1/management/clusters';
const SUBS = '/api/v1/management/dbsubs';
const TIMING = { floorMs: 400, timeoutMs: 800 };

const listen = async (server: Server | ReturnType<typeof createHttpServer>) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
};

/** A PostgreSQL server's own refusal (an ErrorResponse with SQLSTATE 3D000), as a real one sends it. */
function pgRefusal(): Buffer {
  const fields = Buffer.from('SFATAL\0C3D000\0Mdatabase "nope" does not exist\0\0');
  const head = Buffer.alloc(5);
  head.write('E');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

const config = (host: string, port: number) => ({
  driver: 'pgsql',
  host,
  port,
  database: 'postgres',
  username: 'postgres',
  password: 'network-secret-1',
});

describe.each(testBackends())('cluster connection tests and the network on $name', (backend) => {
  const servers: { close(): unknown }[] = [];
  let connections = 0;
  let closedPort = 0;
  let httpPort = 0;
  let silentPort = 0;
  let pgPort = 0;
  let open: TestApp;
  let listed: TestApp;

  beforeAll(async () => {
    const probe = createServer();
    closedPort = await listen(probe);
    await new Promise((r) => probe.close(r));
    const http = createHttpServer((_req, res) => res.end('hello'));
    httpPort = await listen(http);
    const silent = createServer((socket) => {
      connections++;
      socket.on('error', () => {});
    });
    silentPort = await listen(silent);
    const pgLike = createServer((socket) => {
      socket.on('error', () => {});
      socket.once('data', () => socket.end(pgRefusal()));
    });
    pgPort = await listen(pgLike);
    servers.push(http, silent, pgLike);
    open = await createTestApp(backend, { connectionTest: TIMING });
    listed = await createTestApp(backend, {
      connectionTest: TIMING,
      config: {
        clusterHosts: hostList(`db.example.com,10.0.0.0/8:6432,127.0.0.1:${pgPort}`, 'PUSHDECK_CLUSTER_HOSTS'),
      },
    });
  });
  afterAll(async () => {
    await open?.close();
    await listed?.close();
    for (const s of servers) s.close();
  });

  it('answers every failure that is not a PostgreSQL answer with one text, at one time', async () => {
    const a = await signedIn(open, ADMIN.email, ADMIN.password);
    const targets = {
      closed: config('127.0.0.1', closedPort),
      'not PostgreSQL': config('127.0.0.1', httpPort),
      silent: config('127.0.0.1', silentPort),
      'unknown host': config('no-such-host.invalid', 5432),
    };
    for (const [what, target] of Object.entries(targets)) {
      const started = performance.now();
      const res = await a.post(`${CLUSTERS}/test`, { config: target });
      const took = performance.now() - started;
      expect(res.statusCode, what).toBe(200);
      const { checked_at: _, ...answer } = res.json().data;
      expect(answer, what).toEqual({ reachable: false, version: null, latency_ms: null, error: INFRA_MSG.noPostgres });
      // the silent port's own timeout sets the time of every failure
      expect(took, what).toBeGreaterThanOrEqual(TIMING.timeoutMs - 5);
      expect(took, what).toBeLessThan(TIMING.timeoutMs + 700);
    }
    // a save answers the same way
    const sub = await a.post(CLUSTERS, {
      cluster_name: 'scan',
      default: 0,
      db_entities_master: targets['not PostgreSQL'],
      db_subs: [{ name: 's0', region: 'eu', shard_number: 0, config: targets.closed }],
      client_ids: [1],
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json().data.check.error).toBe(INFRA_MSG.noPostgres);
  });

  it("shows a PostgreSQL server's own answer as it is, no sooner than the floor", async () => {
    const a = await signedIn(open, ADMIN.email, ADMIN.password);
    const started = performance.now();
    const res = await a.post(`${CLUSTERS}/test`, { config: config('127.0.0.1', pgPort) });
    expect(performance.now() - started).toBeGreaterThanOrEqual(TIMING.floorMs - 5);
    expect(res.json().data).toMatchObject({ reachable: false, error: 'database "nope" does not exist' });
  });

  it('with PUSHDECK_CLUSTER_HOSTS, refuses another host with a 422 on its field and never connects to it', async () => {
    const a = await signedIn(listed, ADMIN.email, ADMIN.password);
    const outside = config('127.0.0.1', silentPort);
    const before = connections;
    const tested = await a.post(`${CLUSTERS}/test`, { config: outside });
    expect(tested.statusCode).toBe(422);
    expect(tested.json()).toEqual({
      message: INFRA_MSG.clusterHost,
      errors: { 'config.host': [INFRA_MSG.clusterHost] },
    });
    const created = await a.post(CLUSTERS, {
      cluster_name: 'outside',
      default: 0,
      db_entities_master: config('db.example.com', 5432),
      db_subs: [
        { name: 's0', region: 'eu', shard_number: 0, config: config('10.1.2.3', 6432) },
        { name: 's1', region: 'eu', shard_number: 1, config: outside },
      ],
      client_ids: [1],
    });
    expect(created.statusCode).toBe(422);
    expect(created.json().errors).toEqual({ 'db_subs.1.config.host': [INFRA_MSG.clusterHost] });
    expect(
      await listed.handle.db.selectFrom('clusters').select('id').where('cluster_name', '=', 'outside').execute(),
    ).toEqual([]);

    // a listed host is tested and saved; moving it or its db sub outside the list is refused
    const inside = await a.post(CLUSTERS, {
      cluster_name: 'inside',
      default: 0,
      db_entities_master: config('127.0.0.1', pgPort),
      db_subs: [{ name: 's0', region: 'eu', shard_number: 0, config: config('127.0.0.1', pgPort) }],
      client_ids: [1],
    });
    expect(inside.statusCode, inside.body).toBe(201);
    const cluster = inside.json().data;
    expect(cluster.check.error).toBe('database "nope" does not exist');
    const moved = await a.request('PUT', `${CLUSTERS}/${cluster.id}`, { body: { db_entities_master: outside } });
    expect(moved.json().errors).toEqual({ 'db_entities_master.host': [INFRA_MSG.clusterHost] });
    const sub = cluster.db_subs[0].id;
    const subMoved = await a.request('PUT', `${SUBS}/${sub}`, { body: { config: { ...outside, port: 5432 } } });
    expect(subMoved.json().errors).toEqual({ 'config.host': [INFRA_MSG.clusterHost] });
    const subAdded = await a.post(SUBS, {
      cluster_id: cluster.id,
      name: 's9',
      region: 'eu',
      shard_number: 9,
      config: outside,
    });
    expect(subAdded.json().errors).toEqual({ 'config.host': [INFRA_MSG.clusterHost] });
    const storedTest = await a.post(`${CLUSTERS}/test`, { config: outside, cluster_id: cluster.id });
    expect(storedTest.statusCode).toBe(422);
    expect((await a.get(`${CLUSTERS}/${cluster.id}`)).json().data.db_entities_master.port).toBe(pgPort);
    expect(connections).toBe(before);
  });
});
