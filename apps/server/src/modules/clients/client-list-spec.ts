import type { ListQuerySpec } from '../../lib/query/index.ts';

/** What `GET /v1/management/clients` accepts: where[…], order_by, select, paging, search (name or uid), with[users]. */
export const CLIENT_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    client_uid: { type: 'string' },
    name: { type: 'string' },
    is_active: { type: 'int' },
  },
  relations: { users: [] },
};
