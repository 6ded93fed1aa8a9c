/** The Server Performance oracle: every column computed from the generated facts, per docs/metrics.md. */
import { activePerHour, matchRatio, perUniqueDrip, sumCounters, zeroCounters } from '@pushdeck/contracts';
import type { FactsWorld } from './stats-fixtures.ts';
import { bucketOf, familyOf, localDateOf, type OracleFact, oracleFacts } from './stats-oracle.ts';

const HOUR = 3_600_000;
const matchDenominator = (f: SpFact) =>
  f.sent + f.deactivated + f.error_401 + f.error_403 + f.error_413 + f.error_429 + f.error_x;
type Dim = 'campaign_uid' | 'client_uid' | 'date' | 'type';

interface SpFact extends OracleFact {
  setup: boolean;
}

/** The first UTC hour that belongs to the local day after `date` (a UTC hour belongs to the day holding its start). */
function dayEnd(date: string, tz: string): number {
  let h = Date.parse(`${date}T00:00:00Z`) - 15 * HOUR;
  while (localDateOf(new Date(h), tz) <= date) h += HOUR;
  return h;
}

export function serverPerformanceOracle(
  w: FactsWorld,
  opts: { tz: string; from: string; to: string; unit: 'hour' | 'day'; dims: Dim[]; now: Date; clientId?: number },
) {
  const { tz, from, to, unit } = opts;
  const keep = (f: { client_id: number }) => opts.clientId === undefined || f.client_id === opts.clientId;
  const facts: SpFact[] = oracleFacts(w, { tz, from, to, keep }).map((f) => ({ ...f, setup: false }));
  for (const o of w.occurrences) {
    if (o.status === 'cancelled' || !keep(o)) continue;
    const hour = new Date(Math.floor(o.due_at.getTime() / HOUR) * HOUR);
    if (localDateOf(hour, tz) < from || localDateOf(hour, tz) > to) continue;
    facts.push({ ...zeroCounters(), ...o, hour, patience_days: 0, leavers: 0, setup: true });
  }
  const keyOf = (f: SpFact) =>
    opts.dims
      .map((d) =>
        d === 'campaign_uid'
          ? f.domain_id
          : d === 'client_uid'
            ? f.client_id
            : d === 'date'
              ? bucketOf(f.hour, unit, tz)
              : familyOf(f.type),
      )
      .join('|');
  const groups = new Map<string, SpFact[]>();
  for (const f of facts) groups.set(keyOf(f), [...(groups.get(keyOf(f)) ?? []), f]);
  const rangeEnd = Math.min(dayEnd(to, tz), opts.now.getTime());
  const row = (fs: SpFact[], grouped: boolean) => {
    const f0 = fs[0]!;
    const c = sumCounters(fs.filter((f) => !f.setup));
    const distinct = (pred: (f: SpFact) => boolean, time: (f: SpFact) => string) =>
      new Set(fs.filter(pred).map((f) => `${f.drip_id}|${time(f)}`)).size;
    const sentFact = (f: SpFact) => !f.setup && f.sent > 0 && f.drip_id !== 0;
    // set up: an occurrence due, or any push attempted (each attempt ends in one targeted counter)
    const setupFact = (f: SpFact) => f.setup || (f.drip_id !== 0 && matchDenominator(f) > 0);
    const day = (f: SpFact) => localDateOf(f.hour, tz);
    const hour = (f: SpFact) => String(f.hour.getTime());
    const perDay = distinct(sentFact, day);
    const perHour = distinct(sentFact, hour);
    let end = rangeEnd;
    if (grouped && opts.dims.includes('date')) {
      end =
        unit === 'hour'
          ? Math.max(...fs.map((f) => f.hour.getTime())) + HOUR
          : dayEnd(bucketOf(f0.hour, 'day', tz).slice(0, 10), tz);
    }
    end = Math.min(end, opts.now.getTime());
    const delivered = w.occurrences.flatMap((o) =>
      o.ledger
        .filter((l) => l.delivered_at && l.delivered_at.getTime() >= end - 72 * HOUR && l.delivered_at.getTime() < end)
        .filter(() => keep(o))
        .filter(() => !grouped || !opts.dims.includes('campaign_uid') || o.domain_id === f0.domain_id)
        .filter(() => !grouped || !opts.dims.includes('type') || familyOf(o.type) === familyOf(f0.type))
        .map((l) => ({ s: l.subscriber_id, h: Math.floor(l.delivered_at!.getTime() / HOUR) })),
    );
    const site = w.websites.find((x) => x.id === f0.domain_id)!;
    const dims = grouped
      ? {
          ...(opts.dims.includes('campaign_uid') ? { campaign_uid: site.website_id } : {}),
          ...(opts.dims.includes('client_uid')
            ? { client_uid: w.clients.find((x) => x.id === f0.client_id)!.client_uid }
            : {}),
          ...(opts.dims.includes('date') ? { date: bucketOf(f0.hour, unit, tz) } : {}),
          ...(opts.dims.includes('type') ? { type: familyOf(f0.type) } : {}),
        }
      : Object.fromEntries(opts.dims.map((d) => [d, null]));
    return {
      ...dims,
      count_setup_drips_per_day: distinct(setupFact, day),
      count_setup_drips_per_hour: distinct(setupFact, hour),
      sent: c.sent,
      count_drips_per_day_by_sent: perDay,
      count_drips_per_hour_by_sent: perHour,
      match_ratio: matchRatio(c),
      subscribed: c.subscribed,
      unsubscribed: c.unsubscribed,
      deactivated: c.deactivated,
      full_unsubscribed: c.full_unsubscribed,
      delivered: c.delivered,
      clicked: c.clicked,
      sent_per_hour_by_uniq_drips: perUniqueDrip(c.sent, perHour),
      sent_per_day_by_uniq_drips: perUniqueDrip(c.sent, perDay),
      active_subs_last_3_days: new Set(delivered.map((d) => d.s)).size,
      active_subs_by_hour_last_3_days: activePerHour(new Set(delivered.map((d) => `${d.s}|${d.h}`)).size),
    };
  };
  return {
    rows: [...groups.values()].map((fs) => ({ fs, row: row(fs, true) })),
    totals: row(facts, false),
  };
}
