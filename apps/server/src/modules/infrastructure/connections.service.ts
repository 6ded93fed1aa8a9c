import {
  type Connection,
  type ConnectionType,
  type CreateConnectionBody,
  INFRA_MSG,
  type UpdateConnectionBody,
} from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { notFound, ValidationError } from '../../lib/errors.ts';
import type { AuditOrigin, AuditService } from '../audit/audit.service.ts';
import { type ConnectionRecord, ConnectionsRepository } from './connections.repository.ts';

const API_URL = /^https?:\/\/[^\s/?#]+(\/[^\s?#]*)?$/i;

const rowOf = (r: ConnectionRecord & { pivot_type?: 'master' | 'slave' }): Connection => ({
  id: r.id,
  name: r.name,
  attribute: r.attribute,
  number: r.number,
  tag: r.tag,
  datacenter: r.datacenter,
  is_active: r.is_active,
  region: r.region,
  type: r.type,
  ...(r.pivot_type ? { pivot: { connection_id: r.id, type: r.pivot_type } } : {}),
});

/**
 * Connections (issue #16; spec part 2 §3, §4, §7): API and database connections, bound to websites as master or
 * slave. A website has at most one master of each kind (a unique index holds it; switching locks the website row so
 * concurrent switches run one after the other). The master API connection is the API base written into the website's
 * pushmine.js and sw_pm.js.
 */
export class ConnectionsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly audit: AuditService,
  ) {}

  async list(filter: { type?: ConnectionType | undefined; is_active?: number | undefined }): Promise<Connection[]> {
    return (await new ConnectionsRepository(this.db).list(filter)).map(rowOf);
  }

  private async found(repo: ConnectionsRepository, id: number) {
    const row = await repo.find(id);
    if (!row) throw notFound(INFRA_MSG.connectionNotFound);
    return row;
  }

  async create(origin: AuditOrigin, body: CreateConnectionBody): Promise<Connection> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const { id } = await repo.insert({
        type: body.type,
        name: body.name,
        attribute: body.type === 'api' ? body.attribute.replace(/\/+$/, '') : body.attribute,
        number: body.number ?? null,
        tag: body.tag,
        datacenter: body.datacenter,
        region: body.region,
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      });
      const after = rowOf(await this.found(repo, id));
      await this.audit.record(trx, origin, {
        action: 'connection.create',
        subjectType: 'connection',
        subjectId: id,
        after,
      });
      return after;
    });
  }

  async update(origin: AuditOrigin, body: UpdateConnectionBody): Promise<Connection> {
    return this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const before = await this.found(repo, body.id);
      let attribute = body.attribute;
      if (attribute !== undefined && before.type === 'api') {
        if (!API_URL.test(attribute)) throw new ValidationError({ attribute: [INFRA_MSG.apiUrl] });
        attribute = attribute.replace(/\/+$/, '');
      }
      const blank = (v: string | null | undefined) => (v === undefined ? undefined : v ? v : null);
      const patch = {
        ...(body.name !== undefined ? { name: body.name } : {}),
        ...(attribute !== undefined ? { attribute } : {}),
        ...(body.number !== undefined ? { number: body.number } : {}),
        ...(body.tag !== undefined ? { tag: blank(body.tag) ?? null } : {}),
        ...(body.datacenter !== undefined ? { datacenter: blank(body.datacenter) ?? null } : {}),
        ...(body.region !== undefined ? { region: blank(body.region) ?? null } : {}),
        ...(body.is_active !== undefined ? { is_active: body.is_active } : {}),
      };
      await repo.update(body.id, patch);
      const after = rowOf(await this.found(repo, body.id));
      await this.audit.record(trx, origin, {
        action: 'connection.update',
        subjectType: 'connection',
        subjectId: body.id,
        before: rowOf(before),
        after,
      });
      return after;
    });
  }

  /** Deletes a connection (and unbinds it from every website). */
  async delete(origin: AuditOrigin, id: number): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const before = rowOf(await this.found(repo, id));
      await repo.delete(id);
      await this.audit.record(trx, origin, {
        action: 'connection.delete',
        subjectType: 'connection',
        subjectId: id,
        before,
      });
    });
  }

  private async domain(repo: ConnectionsRepository, id: number, lock = false) {
    const d = await repo.domain(id, lock);
    if (!d) throw notFound(INFRA_MSG.websiteNotFound);
    return d;
  }

  /** A website's connections of one kind (getDomainAPIConnections / getDomainDBConnections), master first. */
  async ofDomain(domainId: number, kind: ConnectionType): Promise<Connection[]> {
    const repo = new ConnectionsRepository(this.db);
    await this.domain(repo, domainId);
    return (await repo.ofDomain(domainId, kind)).map(rowOf);
  }

  /** bindConnectionToDomain: binds as slave (or straight as master); binding it again changes nothing. */
  async bind(origin: AuditOrigin, domainId: number, connectionId: number, type?: 'master' | 'slave') {
    const kind = await this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const domain = await this.domain(repo, domainId, true);
      const connection = await this.found(repo, connectionId);
      const added = await repo.bind(domainId, connectionId, connection.type);
      if (type === 'master') await repo.makeMaster(domainId, connectionId, connection.type);
      if (added || type === 'master') {
        await this.audit.record(trx, origin, {
          action: 'connection.bind',
          subjectType: 'connection',
          subjectId: connectionId,
          clientId: domain.client_id,
          after: { domain_id: domainId, url: domain.url, type: type ?? 'slave' },
        });
      }
      return connection.type;
    });
    return this.ofDomain(domainId, kind);
  }

  /** unBindConnectionToDomain. Unbinding the master leaves the website without one of that kind. */
  async unbind(origin: AuditOrigin, domainId: number, connectionId: number) {
    const kind = await this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const domain = await this.domain(repo, domainId, true);
      const binding = await repo.binding(domainId, connectionId);
      if (!binding) throw notFound(INFRA_MSG.notBound);
      await repo.unbind(domainId, connectionId);
      await this.audit.record(trx, origin, {
        action: 'connection.unbind',
        subjectType: 'connection',
        subjectId: connectionId,
        clientId: domain.client_id,
        before: { domain_id: domainId, url: domain.url, type: binding.type },
      });
      return binding.kind;
    });
    return this.ofDomain(domainId, kind);
  }

  /**
   * changeMasterDomainConnection{API,DB}: on each website, this connection becomes master and every other of its kind
   * slave, all or nothing. The websites are locked in id order, so concurrent switches serialise without deadlock.
   */
  async changeMaster(origin: AuditOrigin, kind: ConnectionType, domainIds: number[], connectionId: number) {
    const ids = [...new Set(domainIds)].sort((a, b) => a - b);
    await this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const connection = await this.found(repo, connectionId);
      if (connection.type !== kind) {
        throw new ValidationError({ connection_id: [`This is not a${kind === 'api' ? 'n API' : ' DB'} connection.`] });
      }
      for (const id of ids) {
        const domain = await this.domain(repo, id, true);
        if (!(await repo.binding(id, connectionId))) throw new ValidationError({ connection_id: [INFRA_MSG.notBound] });
        await repo.makeMaster(id, connectionId, kind);
        await this.audit.record(trx, origin, {
          action: 'connection.master',
          subjectType: 'connection',
          subjectId: connectionId,
          clientId: domain.client_id,
          after: { domain_id: id, url: domain.url, type: 'master' },
        });
      }
    });
    return Promise.all(ids.map(async (id) => ({ domain_id: id, connections: await this.ofDomain(id, kind) })));
  }

  /** bindGeoConnectionsToDomain: binds (as slave) the active connections whose region is one of the website's geo tags. */
  async bindGeo(origin: AuditOrigin, domainId: number, kind?: ConnectionType) {
    const bound = await this.db.transaction().execute(async (trx) => {
      const repo = new ConnectionsRepository(trx);
      const domain = await this.domain(repo, domainId, true);
      const matches = await repo.byRegions(await repo.geoTags(domainId), kind);
      const added: number[] = [];
      for (const c of matches) if (await repo.bind(domainId, c.id, c.type)) added.push(c.id);
      if (added.length > 0) {
        await this.audit.record(trx, origin, {
          action: 'connection.bind',
          subjectType: 'connection',
          subjectId: null,
          clientId: domain.client_id,
          after: { domain_id: domainId, url: domain.url, geo: true, connection_ids: added },
        });
      }
      return added;
    });
    const [api, db] = await Promise.all([this.ofDomain(domainId, 'api'), this.ofDomain(domainId, 'db')]);
    return { bound, api, db };
  }

  /** The API base of a website's scripts: its active master API connection's URL, or null (the instance's own). */
  masterApiBase(domainId: number): Promise<string | null> {
    return new ConnectionsRepository(this.db).masterApi(domainId);
  }
}
