import {
  type Connection,
  type ConnectionType,
  type CreateConnectionBody,
  connectionSchema,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

const BASE = '/v1/connections';
const list = wrapped(z.array(connectionSchema));

/** GET /v1/connections/get?where[type]=api|db: every connection of a kind (the bundles one can bind). */
export async function fetchConnections(type: ConnectionType, signal?: AbortSignal): Promise<Connection[]> {
  return list.parse(await api.get<unknown>(`${BASE}/get`, { signal, query: { 'where[type]': type } })).data;
}

/** POST getDomainAPIConnections / getDomainDBConnections?domain_id: a website's bound connections, master first. */
export async function fetchDomainConnections(
  domainId: number,
  type: ConnectionType,
  signal?: AbortSignal,
): Promise<Connection[]> {
  const name = type === 'api' ? 'getDomainAPIConnections' : 'getDomainDBConnections';
  return list.parse(await api.post<unknown>(`${BASE}/${name}`, { signal, query: { domain_id: domainId } })).data;
}

export async function bindConnection(domainId: number, connectionId: number): Promise<Connection[]> {
  const query = { domain_id: domainId, connection_id: connectionId };
  return list.parse(await api.post<unknown>(`${BASE}/bindConnectionToDomain`, { query })).data;
}

export async function unbindConnection(domainId: number, connectionId: number): Promise<Connection[]> {
  const query = { domain_id: domainId, connection_id: connectionId };
  return list.parse(await api.post<unknown>(`${BASE}/unBindConnectionToDomain`, { query })).data;
}

/** changeMasterDomainConnectionAPI / DB: this connection becomes master, the others of its kind slave. */
export async function changeMaster(type: ConnectionType, domainId: number, connectionId: number): Promise<void> {
  const name = type === 'api' ? 'changeMasterDomainConnectionAPI' : 'changeMasterDomainConnectionDB';
  await api.post<unknown>(`${BASE}/${name}`, { query: { domain_ids: String(domainId), connection_id: connectionId } });
}

/** bindGeoConnectionsToDomain: binds the connections whose region matches the website's geo tags. */
export async function bindGeo(domainId: number): Promise<number[]> {
  const body = await api.post<unknown>(`${BASE}/bindGeoConnectionsToDomain`, { query: { domain_id: domainId } });
  return wrapped(z.object({ bound: z.array(z.number().int()) })).parse(body).data.bound;
}

export async function createConnection(body: CreateConnectionBody): Promise<Connection> {
  return wrapped(connectionSchema).parse(await api.post<unknown>(BASE, { body })).data;
}
