/**
 * Coarse rollups (issue 7, bench/stats): the hourly counters without the drip (per website) and without the drip
 * and the website (per client), kept by `addToRollups` in the same transaction as the fine rows, so each always
 * equals the fine rows summed. Statistics queries read the coarsest table that can answer them.
 *
 * `stats_hourly_client` spreads a client's hour over a few rows (`slot` = website id mod 8, see rollups.repository.ts): the
 * rows are summed by every query, so the slot only decides which concurrent writers wait for each other. Both
 * tables are filled from the fine rows here.
 */
const COUNTERS = `sent, delivered, clicked, subscribed, unsubscribed, deactivated, full_unsubscribed, error_401,
  error_403, error_404, error_413, error_429, error_x`;
const COLUMNS = COUNTERS.split(',')
  .map((c) => `  ${c.trim()} integer not null default 0`)
  .join(',\n');
const SUMS = COUNTERS.split(',')
  .map((c) => `sum(${c.trim()})`)
  .join(', ');

/** Fills both tables from the fine rows (they must be empty). */
export const backfill = /* sql */ `
insert into stats_hourly_website (domain_id, client_id, type, hour, ${COUNTERS})
select domain_id, client_id, type, hour, ${SUMS}
from stats_hourly group by domain_id, hour, type, client_id;

insert into stats_hourly_client (client_id, type, hour, slot, ${COUNTERS})
select client_id, type, hour, (domain_id % 8)::smallint, ${SUMS}
from stats_hourly_website group by client_id, hour, type, domain_id % 8;
`;

export const sql = /* sql */ `
create table stats_hourly_website (
  domain_id integer not null,
  client_id integer not null,
  type text not null default '',
  hour timestamptz not null,
${COLUMNS},
  primary key (domain_id, hour, type, client_id)
);
create index stats_hourly_website_client on stats_hourly_website (client_id, hour) include (domain_id, type, ${COUNTERS});
create index stats_hourly_website_hour on stats_hourly_website (hour);

create table stats_hourly_client (
  client_id integer not null,
  type text not null default '',
  hour timestamptz not null,
  slot smallint not null default 0,
${COLUMNS},
  primary key (client_id, hour, type, slot)
);
create index stats_hourly_client_hour on stats_hourly_client (hour);

${backfill}`;
