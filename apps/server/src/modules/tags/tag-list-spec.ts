import type { ListQuerySpec } from '../../lib/query/index.ts';

/**
 * What `GET /v1/tags` accepts besides `type` (one of the four types) and `search` (name text). Without `order_by`
 * tags come by name ignoring case, the same on every database.
 */
export const TAG_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    name: { type: 'string' },
    type: { type: 'string' },
    client_id: { type: 'int' },
    created_at: { type: 'timestamp', selectable: false },
    updated_at: { type: 'timestamp', selectable: false },
  },
  extraParams: ['type'],
};
