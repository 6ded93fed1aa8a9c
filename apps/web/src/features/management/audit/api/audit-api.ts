import { type AuditEntry, auditEntrySchema, paginated } from '@pushdeck/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';

const auditPage = paginated(auditEntrySchema);

/** What the Audit screen asks GET /v1/management/audit for (the URL's list state, see lib/audit-filters). */
export interface AuditQuery {
  page: number;
  pageLength: number;
  /** The actor's e-mail, exactly (where[actor_email]); '' for everyone. */
  actor: string;
  /** One of AUDIT_ACTIONS; '' for every action. */
  action: string;
  /** ISO times: `from` inclusive, `to` exclusive; null for open ends. */
  from: string | null;
  to: string | null;
}

export interface AuditPage {
  rows: AuditEntry[];
  total: number;
}

/** One page of the audit trail, newest first. */
export async function fetchAuditPage(query: AuditQuery, signal?: AbortSignal): Promise<AuditPage> {
  const body = auditPage.parse(
    await api.get<unknown>('/v1/management/audit', {
      signal,
      query: {
        page: query.page,
        pageLength: query.pageLength,
        'where[actor_email]': query.actor || undefined,
        'where[action]': query.action || undefined,
        from: query.from ?? undefined,
        to: query.to ?? undefined,
      },
    }),
  );
  return { rows: body.data.data, total: body.data.total };
}

export const auditKeys = {
  page: (query: AuditQuery) => ['management', 'audit', query] as const,
};

export function useAuditPage(query: AuditQuery) {
  return useQuery({
    queryKey: auditKeys.page(query),
    queryFn: ({ signal }) => fetchAuditPage(query, signal),
    placeholderData: keepPreviousData,
  });
}
