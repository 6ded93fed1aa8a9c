/**
 * Statistics (issue 7, bench/stats): a client's dashboards read its rollups through an index-only scan. Rollups are
 * written hour by hour, so one client's rows are spread over every page of an hour; the covering index keeps them
 * together in (client, hour) order. It replaces stats_hourly_client_hour (same leading columns).
 */
export const sql = /* sql */ `
create index stats_hourly_client_cover on stats_hourly (client_id, hour) include (domain_id, drip_id, type, sent,
  delivered, clicked, subscribed, unsubscribed, deactivated, full_unsubscribed, error_401, error_403, error_404,
  error_413, error_429, error_x);
drop index stats_hourly_client_hour;
`;
