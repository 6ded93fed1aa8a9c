import type { ListQuerySpec } from '../../lib/query/index.ts';

/**
 * What `GET /v1/management/audit` accepts: `where[actor_id|impersonator_id|action|subject_type|subject_id|client_id]`,
 * `from` / `to` (ISO times, on created_at), `search` (action or the actor's email), `order_by`, and paging
 * (`page`, `pageLength`; always paged, 50 rows by default). Newest first.
 */
export const AUDIT_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    actor_id: { type: 'int' },
    actor_email: { type: 'string' },
    impersonator_id: { type: 'int' },
    action: { type: 'string' },
    subject_type: { type: 'string' },
    subject_id: { type: 'int' },
    client_id: { type: 'int' },
    ip: { type: 'string', filterable: false },
    created_at: { type: 'timestamp', filterable: false },
  },
  defaultOrder: [
    { field: 'created_at', dir: 'desc' },
    { field: 'id', dir: 'desc' },
  ],
  maxPageLength: 200,
  extraParams: ['from', 'to'],
};

export const AUDIT_DEFAULT_PAGE_LENGTH = 50;
