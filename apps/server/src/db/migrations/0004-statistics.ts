/**
 * Statistics read paths (issue 7): dashboards and Data Explorer filter rollups by website and hour; patience reads
 * the subscribers who left; Server Performance counts scheduled drips per website and reads recent deliveries.
 */
export const sql = /* sql */ `
create index stats_hourly_domain_hour on stats_hourly (domain_id, hour);
create index subscribers_domain_left on subscribers (domain_id, (least(unsubscribed_at, deactivated_at)))
  where unsubscribed_at is not null or deactivated_at is not null;
create index occurrences_domain_due on occurrences (domain_id, due_at);
create index send_ledger_domain_delivered on send_ledger (domain_id, delivered_at) where delivered_at is not null;
`;
