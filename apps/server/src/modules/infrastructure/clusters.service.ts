import { setTimeout as sleep } from 'node:timers/promises';
import {
  type Cluster,
  type ConnectionCheck,
  type CreateClusterBody,
  type CreateDbSubBody,
  type DbConfig,
  type DbConfigInput,
  type DbSub,
  INFRA_MSG,
  type TestConnectionBody,
  type UpdateClusterBody,
  type UpdateDbSubBody,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import type { HostList } from '../../lib/host-list.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { type ClusterRecord, ClustersRepository, type DbSubRecord, type ServerColumns } from './clusters.repository.ts';
import { CHECK_TIMEOUT_MS, type DbProbe, type DbTarget, probeDatabase } from './db-check.ts';

/** PostgreSQL's port: what a PUSHDECK_CLUSTER_HOSTS entry without a port allows. */
const POSTGRES_PORT = 5432;

/**
 * How a connection test answers in time: never before `floorMs`; a failure that is not a PostgreSQL server's answer
 * (closed port, refused, unknown host, timeout, another service) at `max(floorMs, timeoutMs)`, the moment a silent
 * host would answer, so the time of a failure says nothing either.
 */
export interface ConnectionTestTiming {
  floorMs: number;
  timeoutMs: number;
}

export const CONNECTION_TEST_TIMING: ConnectionTestTiming = { floorMs: 1000, timeoutMs: CHECK_TIMEOUT_MS };

export interface ClustersOptions {
  /** The database servers a config may name (PUSHDECK_CLUSTER_HOSTS); empty or absent: any host. */
  hosts?: HostList;
  /** Test only: how answers are timed (CONNECTION_TEST_TIMING otherwise). */
  timing?: ConnectionTestTiming;
  /** Test only: the connection attempt. */
  probe?: (target: DbTarget, timeoutMs: number) => Promise<DbProbe>;
}

const configOf = (r: ServerColumns): DbConfig => ({
  driver: r.driver,
  host: r.host,
  port: r.port,
  database: r.database,
  username: r.username,
  password_set: r.password_sealed.length > 0,
});

const subOf = (r: DbSubRecord): DbSub => ({
  id: r.id,
  cluster_id: r.cluster_id,
  name: r.name,
  region: r.region,
  shard_number: r.shard_number,
  is_active: r.is_active,
  config: configOf(r),
});

/**
 * Clusters Management (issue #16): the database clusters that hold client data, their sub-databases (db subs) and the
 * clients assigned to each. Passwords are sealed with the instance secret and never leave the server; an edit without
 * a password keeps the stored one. Every save answers with a live check of the server it describes.
 */
export class ClustersService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly box: SecretBox,
    private readonly audit: AuditService,
    private readonly options: ClustersOptions = {},
  ) {}

  /**
   * 'Test connection', also the check a save answers with. Useful for a real database, useless for scanning the
   * server's network: a PostgreSQL server's answer (connected, wrong password, no such database) is shown as it is;
   * every other failure is one text at one time (ConnectionTestTiming).
   */
  private async check(target: DbTarget): Promise<ConnectionCheck> {
    const timing = this.options.timing ?? CONNECTION_TEST_TIMING;
    const started = performance.now();
    const { check, answered } = await (this.options.probe ?? probeDatabase)(target, timing.timeoutMs);
    const answer: ConnectionCheck = answered
      ? check
      : {
          reachable: false,
          version: null,
          latency_ms: null,
          error: INFRA_MSG.noPostgres,
          checked_at: check.checked_at,
        };
    const due = started + (answered ? timing.floorMs : Math.max(timing.floorMs, timing.timeoutMs));
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    return answer;
  }

  /** 422 on `<field>.host` when PUSHDECK_CLUSTER_HOSTS is set and does not name this host and port. */
  private hostErrors(config: { host: string; port: number }, field: string): Record<string, string[]> {
    const hosts = this.options.hosts;
    if (!hosts || hosts.entries.length === 0 || hosts.names(config.host, config.port, POSTGRES_PORT)) return {};
    return { [`${field}.host`]: [INFRA_MSG.clusterHost] };
  }

  private assertHosts(...configs: [{ host: string; port: number } | undefined, string][]) {
    const errors = Object.assign({}, ...configs.map(([c, field]) => (c ? this.hostErrors(c, field) : {})));
    if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  }

  async list(): Promise<Cluster[]> {
    return this.assemble(await new ClustersRepository(this.db).clusters());
  }

  async get(id: number): Promise<Cluster> {
    const [cluster] = await this.assemble(await new ClustersRepository(this.db).clusters(id));
    if (!cluster) throw notFound(INFRA_MSG.clusterNotFound);
    return cluster;
  }

  private async assemble(rows: ClusterRecord[]): Promise<Cluster[]> {
    const repo = new ClustersRepository(this.db);
    const ids = rows.map((r) => r.id);
    const [subs, clients] = await Promise.all([repo.subs(ids), repo.clientsOf(ids)]);
    return rows.map((r) => ({
      id: r.id,
      cluster_uid: r.cluster_uid,
      cluster_name: r.cluster_name,
      is_active: r.is_active,
      default: r.is_default,
      db_entities_master: configOf(r),
      db_subs: subs.filter((s) => s.cluster_id === r.id).map(subOf),
      clients: clients
        .filter((c) => c.cluster_id === r.id)
        .map((c) => ({ id: c.id, client_uid: c.client_uid, name: c.name })),
    }));
  }

  /**
   * The columns of a server config: a new password sealed, or the stored one kept. A server with trust or peer
   * authentication needs none: without a password and none stored, none is kept ('' in password_sealed).
   */
  private server(input: DbConfigInput, stored: string | null): ServerColumns {
    const password = input.password ?? '';
    return {
      driver: input.driver,
      host: input.host,
      port: input.port,
      database: input.database,
      username: input.username,
      password_sealed: password === '' ? (stored ?? '') : this.box.seal(password),
    };
  }

  private target(r: ServerColumns): DbTarget {
    return {
      host: r.host,
      port: r.port,
      database: r.database,
      username: r.username,
      password: this.opened(r.password_sealed),
    };
  }

  private opened(sealed: string): string {
    return sealed === '' ? '' : this.box.open(sealed);
  }

  private async assertClients(ids: number[]) {
    const found = new Set(await new ClustersRepository(this.db).existingClients(ids));
    if (ids.some((id) => !found.has(id))) throw new ValidationError({ client_ids: [INFRA_MSG.unknownClient] });
  }

  async create(origin: AuditOrigin, body: CreateClusterBody): Promise<Cluster> {
    this.assertHosts(
      [body.db_entities_master, 'db_entities_master'],
      ...body.db_subs.map((s, i): [DbConfigInput, string] => [s.config, `db_subs.${i}.config`]),
    );
    const master = this.server(body.db_entities_master, null);
    const subs = body.db_subs.map((s) => ({ ...s, server: this.server(s.config, null) }));
    const shards = subs.map((s) => s.shard_number);
    if (new Set(shards).size !== shards.length) throw new ValidationError({ db_subs: [INFRA_MSG.shardTaken] });
    const clientIds = [...new Set(body.client_ids)];
    await this.assertClients(clientIds);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new ClustersRepository(trx);
      if (body.default === 1) await repo.clearDefault(null);
      const { id } = await repo.insertCluster({
        cluster_name: body.cluster_name,
        is_default: body.default,
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...master,
      });
      for (const s of subs) {
        await repo.insertSub({
          cluster_id: id,
          name: s.name,
          region: s.region,
          shard_number: s.shard_number,
          ...s.server,
        });
      }
      await repo.assignClients(id, clientIds);
      await this.audit.record(trx, origin, {
        action: 'cluster.create',
        subjectType: 'cluster',
        subjectId: id,
        after: await this.getOn(trx, id),
      });
      return id;
    });
    const cluster = await this.get(id);
    const row = (await new ClustersRepository(this.db).clusters(id))[0]!;
    return { ...cluster, check: await this.check(this.target(row)) };
  }

  private async getOn(db: Kysely<DB>, id: number) {
    const [c] = await new ClustersService(db, this.box, this.audit, this.options).assemble(
      await new ClustersRepository(db).clusters(id),
    );
    return c;
  }

  async update(origin: AuditOrigin, id: number, body: UpdateClusterBody): Promise<Cluster> {
    this.assertHosts([body.db_entities_master, 'db_entities_master']);
    if (body.client_ids) await this.assertClients([...new Set(body.client_ids)]);
    await this.db.transaction().execute(async (trx) => {
      const repo = new ClustersRepository(trx);
      const [row] = await repo.clusters(id);
      if (!row) throw notFound(INFRA_MSG.clusterNotFound);
      const before = await this.getOn(trx, id);
      const master = body.db_entities_master ? this.server(body.db_entities_master, row.password_sealed) : {};
      if (body.default === 1) await repo.clearDefault(id);
      await repo.updateCluster(id, {
        ...(body.cluster_name !== undefined ? { cluster_name: body.cluster_name } : {}),
        ...(body.default !== undefined ? { is_default: body.default } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...master,
      });
      if (body.client_ids) await repo.assignClients(id, [...new Set(body.client_ids)]);
      await this.audit.record(trx, origin, {
        action: 'cluster.update',
        subjectType: 'cluster',
        subjectId: id,
        before,
        after: await this.getOn(trx, id),
      });
    });
    const cluster = await this.get(id);
    if (!body.db_entities_master) return cluster;
    const row = (await new ClustersRepository(this.db).clusters(id))[0]!;
    return { ...cluster, check: await this.check(this.target(row)) };
  }

  /** Deletes a cluster and its db subs; its clients are left without a cluster. */
  async delete(origin: AuditOrigin, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const before = await this.getOn(trx, id);
      if (!before) throw notFound(INFRA_MSG.clusterNotFound);
      await new ClustersRepository(trx).deleteCluster(id);
      await this.audit.record(trx, origin, { action: 'cluster.delete', subjectType: 'cluster', subjectId: id, before });
    });
  }

  // ---- db subs ----

  async listSubs(clusterId?: number): Promise<DbSub[]> {
    const repo = new ClustersRepository(this.db);
    const ids = clusterId !== undefined ? [clusterId] : (await repo.clusters()).map((c) => c.id);
    return (await repo.subs(ids)).map(subOf);
  }

  async getSub(id: number): Promise<DbSub> {
    const row = await new ClustersRepository(this.db).sub(id);
    if (!row) throw notFound(INFRA_MSG.dbSubNotFound);
    return subOf(row);
  }

  async createSub(origin: AuditOrigin, body: CreateDbSubBody): Promise<DbSub> {
    this.assertHosts([body.config, 'config']);
    const server = this.server(body.config, null);
    const id = await this.db.transaction().execute(async (trx) => {
      const repo = new ClustersRepository(trx);
      if ((await repo.clusters(body.cluster_id)).length === 0) {
        throw new ValidationError({ cluster_id: [INFRA_MSG.clusterNotFound] });
      }
      if (await repo.shardTaken(body.cluster_id, body.shard_number, null)) {
        throw new ValidationError({ shard_number: [INFRA_MSG.shardTaken] });
      }
      const { id } = await repo.insertSub({
        cluster_id: body.cluster_id,
        name: body.name,
        region: body.region,
        shard_number: body.shard_number,
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...server,
      });
      await this.audit.record(trx, origin, {
        action: 'db_sub.create',
        subjectType: 'db_sub',
        subjectId: id,
        after: subOf((await repo.sub(id))!),
      });
      return id;
    });
    const row = (await new ClustersRepository(this.db).sub(id))!;
    return { ...subOf(row), check: await this.check(this.target(row)) };
  }

  async updateSub(origin: AuditOrigin, id: number, body: UpdateDbSubBody): Promise<DbSub> {
    this.assertHosts([body.config, 'config']);
    await this.db.transaction().execute(async (trx) => {
      const repo = new ClustersRepository(trx);
      const row = await repo.sub(id);
      if (!row) throw notFound(INFRA_MSG.dbSubNotFound);
      const clusterId = body.cluster_id ?? row.cluster_id;
      if (body.cluster_id !== undefined && (await repo.clusters(body.cluster_id)).length === 0) {
        throw new ValidationError({ cluster_id: [INFRA_MSG.clusterNotFound] });
      }
      const shard = body.shard_number ?? row.shard_number;
      if (await repo.shardTaken(clusterId, shard, id))
        throw new ValidationError({ shard_number: [INFRA_MSG.shardTaken] });
      await repo.updateSub(id, {
        cluster_id: clusterId,
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(body.region !== undefined ? { region: body.region } : {}),
        ...(body.shard_number !== undefined ? { shard_number: body.shard_number } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
        ...(body.config ? this.server(body.config, row.password_sealed) : {}),
      });
      await this.audit.record(trx, origin, {
        action: 'db_sub.update',
        subjectType: 'db_sub',
        subjectId: id,
        before: subOf(row),
        after: subOf((await repo.sub(id))!),
      });
    });
    const row = (await new ClustersRepository(this.db).sub(id))!;
    return body.config ? { ...subOf(row), check: await this.check(this.target(row)) } : subOf(row);
  }

  async deleteSub(origin: AuditOrigin, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ClustersRepository(trx);
      const row = await repo.sub(id);
      if (!row) throw notFound(INFRA_MSG.dbSubNotFound);
      await repo.deleteSub(id);
      await this.audit.record(trx, origin, {
        action: 'db_sub.delete',
        subjectType: 'db_sub',
        subjectId: id,
        before: subOf(row),
      });
    });
  }

  /**
   * 'Test connection': connects to the described server (a host PUSHDECK_CLUSTER_HOSTS does not name: 422, no
   * connection). Without a password, the stored password of the named
   * cluster or db sub is used, and only for the host, port and username it was stored for (so a stored password is
   * never sent to another server).
   */
  async test(body: TestConnectionBody): Promise<ConnectionCheck> {
    const { config } = body;
    this.assertHosts([config, 'config']);
    let password = config.password ?? '';
    if (password === '' && (body.cluster_id !== undefined || body.db_sub_id !== undefined)) {
      const repo = new ClustersRepository(this.db);
      const stored =
        body.db_sub_id !== undefined ? await repo.sub(body.db_sub_id) : (await repo.clusters(body.cluster_id))[0];
      if (!stored) throw notFound(body.db_sub_id !== undefined ? INFRA_MSG.dbSubNotFound : INFRA_MSG.clusterNotFound);
      if (stored.host === config.host && stored.port === config.port && stored.username === config.username) {
        password = this.opened(stored.password_sealed);
      }
    }
    return this.check({ ...config, password });
  }
}
