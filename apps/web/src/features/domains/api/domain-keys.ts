/**
 * Query keys of the domains resource. Everything starts with 'domains' (the top-bar picker's key too), so one
 * invalidation of DOMAINS_ROOT after a mutation refreshes the picker, the lists and every detail.
 */
export const DOMAINS_ROOT = ['domains'] as const;

export const domainKeys = {
  detail: (id: number) => ['domains', 'detail', id] as const,
  list: (params: { search: string; page: number; pageLength: number; orderBy: string; client: string | null }) =>
    ['domains', 'list', params] as const,
};
