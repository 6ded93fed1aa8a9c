/**
 * The public calls' rate limits, shared by every API process on a PostgreSQL server (lib/rate-limiter.ts): one row
 * per limit and key, holding its current window. Unlogged: counters that need no crash safety and no WAL traffic.
 */
export const sql = /* sql */ `
create unlogged table rate_limit_hits (
  bucket text not null,
  window_start timestamptz not null,
  hits integer not null,
  primary key (bucket)
);
create index rate_limit_hits_window on rate_limit_hits (window_start);
`;
