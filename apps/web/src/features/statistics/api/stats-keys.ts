/**
 * Query keys of the statistics screens. Each holds the acting client (the `client` header staff send), so a
 * moderator switching clients never sees the previous client's numbers from the cache.
 */
export const STATS_ROOT = ['statistics'] as const;

export const statsKeys = {
  v1: (op: string, client: string | null, params: unknown) => ['statistics', 'v1', op, client, params] as const,
  v2: (op: string, client: string | null, params: unknown) => ['statistics', 'v2', op, client, params] as const,
  clients: () => ['statistics', 'clients'] as const,
  domains: (client: string | null, clientUids: readonly string[] | null) =>
    ['statistics', 'domains', client, clientUids] as const,
  domainCount: (client: string | null) => ['statistics', 'domain-count', client] as const,
};
