import { LIMITS } from '@pushdeck/contracts';
import type { ListQuerySpec } from '../../lib/query/index.ts';

/** What `GET /v1/domains/get` and `GET /v1/domains` accept: fields, the domain_tags relation, paging. */
export const DOMAIN_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    website_id: { type: 'string' },
    url: { type: 'string' },
    is_active: { type: 'int' },
    postback: { type: 'string', sortable: false },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
    deleted_at: { type: 'timestamp', filterable: false, sortable: false },
    vapid_public_key: { type: 'string', filterable: false, sortable: false },
  },
  relations: {
    domain_tags: { id: { type: 'int' }, name: { type: 'string' }, type: { type: 'string' } },
  },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxLimit: LIMITS.bulkPageSize,
  maxPageLength: LIMITS.maxPageLength,
};

/** Rows per answer when the request names neither `limit` nor `paginate` (the spec pages by 1000). */
export const DOMAIN_LIST_DEFAULT_LIMIT = LIMITS.bulkPageSize;
