import { LIMITS } from '@pushdeck/contracts';
import type { ListQuerySpec } from '../../lib/query/index.ts';

/** What `GET /v1/drips/{type}/get` accepts: the Messages list, Drip Manager, triggers list and copy-tool queries. */
export const DRIP_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    domain_id: { type: 'int' },
    group_id: { type: 'int' },
    drip_number: { type: 'int' },
    type: { type: 'string' },
    title: { type: 'string' },
    body: { type: 'string' },
    url: { type: 'string' },
    icon: { type: 'string', sortable: false },
    event: { type: 'string' },
    customization: { type: 'string', filterable: false, sortable: false },
    meta: { type: 'string', filterable: false, sortable: false },
    offset: { type: 'int' },
    sended: { type: 'int' },
    delivered: { type: 'int' },
    clicked: { type: 'int' },
    is_active: { type: 'int' },
    external: { type: 'int' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  relations: {
    schedules: {
      type: { type: 'string' },
      time: { type: 'string' },
      frequency: { type: 'string' },
      is_active: { type: 'int' },
    },
    'schedules.audiences': { id: { type: 'int', column: 'segment_id' } },
    /** `with[stats]=*` only: each drip's all-time sent, delivered, clicked and push CTR (nothing to filter on). */
    stats: [],
  },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxLimit: LIMITS.bulkPageSize,
  maxPageLength: LIMITS.maxPageLength,
  /** `group_by=group_id`: one drip per group (its first), ungrouped drips each on their own (Copy Tools step 4.2). */
  groupable: ['group_id'],
};

/** Rows per answer when the request names neither `limit` nor `paginate` (bulk pages are 1000). */
export const DRIP_LIST_DEFAULT_LIMIT = LIMITS.bulkPageSize;

/** What `GET /v1/schedules/get` accepts (the spam schedules list); `active`, `domain` and `type` are shorthands. */
export const SCHEDULE_LIST_SPEC: ListQuerySpec = {
  fields: {
    id: { type: 'int' },
    domain_id: { type: 'int' },
    drip_id: { type: 'int' },
    type: { type: 'string' },
    name: { type: 'string' },
    frequency: { type: 'string' },
    is_active: { type: 'int' },
    next_disp_date: { type: 'timestamp' },
    created_at: { type: 'timestamp' },
    updated_at: { type: 'timestamp' },
  },
  defaultOrder: [{ field: 'id', dir: 'desc' }],
  maxLimit: LIMITS.bulkPageSize,
  maxPageLength: LIMITS.maxPageLength,
  extraParams: ['active', 'domain', 'domain_id', 'type'],
};
