import {
  type Cluster,
  type ConnectionCheck,
  type CreateClusterBody,
  type CreateDbSubBody,
  clusterSchema,
  connectionCheckSchema,
  type DbSub,
  dbSubSchema,
  type TestConnectionBody,
  type UpdateClusterBody,
  type UpdateDbSubBody,
  wrapped,
} from '@pushdeck/contracts';
import { z } from 'zod';
import { api } from '@/lib/api';

const BASE = '/v1/management';

/** GET /v1/management/clusters: every cluster with its db subs and clients (passwords never: password_set). */
export async function fetchClusters(signal?: AbortSignal): Promise<Cluster[]> {
  return wrapped(z.array(clusterSchema)).parse(await api.get<unknown>(`${BASE}/clusters`, { signal })).data;
}

export async function createCluster(body: CreateClusterBody): Promise<Cluster> {
  return wrapped(clusterSchema).parse(await api.post<unknown>(`${BASE}/clusters`, { body })).data;
}

export async function updateCluster({ id, ...body }: UpdateClusterBody & { id: number }): Promise<Cluster> {
  return wrapped(clusterSchema).parse(await api.put<unknown>(`${BASE}/clusters/${id}`, { body })).data;
}

export async function deleteCluster(id: number): Promise<void> {
  await api.delete<unknown>(`${BASE}/clusters/${id}`);
}

/** 'Test connection': reachable / version / latency or the error, as the server found them just now. */
export async function testConnection(body: TestConnectionBody): Promise<ConnectionCheck> {
  return wrapped(connectionCheckSchema).parse(await api.post<unknown>(`${BASE}/clusters/test`, { body })).data;
}

export async function createDbSub(body: CreateDbSubBody): Promise<DbSub> {
  return wrapped(dbSubSchema).parse(await api.post<unknown>(`${BASE}/dbsubs`, { body })).data;
}

export async function updateDbSub({ id, ...body }: UpdateDbSubBody & { id: number }): Promise<DbSub> {
  return wrapped(dbSubSchema).parse(await api.put<unknown>(`${BASE}/dbsubs/${id}`, { body })).data;
}

export async function deleteDbSub(id: number): Promise<void> {
  await api.delete<unknown>(`${BASE}/dbsubs/${id}`);
}

/** The client picker of a new cluster: every client (id and name). */
export async function fetchClientOptions(signal?: AbortSignal): Promise<{ id: number; name: string }[]> {
  const body = await api.get<unknown>(`${BASE}/clients`, { signal });
  return wrapped(z.array(z.object({ id: z.number().int(), name: z.string() }))).parse(body).data;
}
