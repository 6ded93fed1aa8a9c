import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DB, StatsHourlyTable } from '../db/schema.ts';
import { addToRollups } from '../modules/stats/rollups.repository.ts';

/** A small deterministic PRNG (mulberry32): the same demo history on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const HOUR = 3_600_000;
const DAYS = 60;
/** Visitors subscribe mostly in the day (UTC hours of a European/American audience). */
const DIURNAL = [1, 1, 1, 1, 1, 2, 3, 5, 7, 8, 9, 9, 8, 8, 9, 9, 8, 7, 7, 6, 5, 4, 3, 2];

interface Website {
  id: number;
  client_id: number;
  welcomeDripId: number;
  recurringDripId: number;
}

/**
 * Sixty days of hourly rollups for a demo website, shaped like a real one: subscriptions through the day, the
 * welcome drip sent as people subscribe, a recurring drip at 09:00 and 18:00 UTC to a growing audience, ~92 %
 * delivered, a few percent clicked, some unsubscribes, expired subscriptions and push-service errors. Demo only:
 * real websites get their statistics from what really happens.
 */
export async function seedDemoHistory(
  db: Kysely<DB> | Transaction<DB>,
  site: Website,
  now = new Date(),
): Promise<number> {
  const rnd = prng(site.id * 7919);
  const end = Math.floor(now.getTime() / HOUR) * HOUR; // the current hour stays for real traffic
  const start = end - DAYS * 24 * HOUR;
  const rows: Insertable<StatsHourlyTable>[] = [];
  let audience = 400 + Math.floor(rnd() * 400);
  for (let t = start; t < end; t += HOUR) {
    const hour = new Date(t);
    const h = hour.getUTCHours();
    const growth = 1 + (t - start) / (end - start);
    const subscribed = Math.round((DIURNAL[h]! * growth * (0.5 + rnd())) / 2);
    const unsubscribed = rnd() < 0.15 ? 1 : 0;
    const deactivated = rnd() < 0.1 ? 1 + Math.floor(rnd() * 2) : 0;
    audience += subscribed - unsubscribed - deactivated;
    if (subscribed || unsubscribed || deactivated) {
      rows.push({
        domain_id: site.id,
        client_id: site.client_id,
        drip_id: 0,
        type: '',
        hour,
        subscribed,
        unsubscribed,
        deactivated,
      });
    }
    if (subscribed > 0) {
      const sent = subscribed;
      const delivered = Math.round(sent * (0.88 + rnd() * 0.1));
      rows.push({
        domain_id: site.id,
        client_id: site.client_id,
        drip_id: site.welcomeDripId,
        type: 'welcome',
        hour,
        sent,
        delivered,
        clicked: Math.round(delivered * (0.05 + rnd() * 0.08)),
      });
    }
    if (h === 9 || h === 18) {
      const sent = Math.round(audience * (0.95 + rnd() * 0.04));
      const delivered = Math.round(sent * (0.86 + rnd() * 0.1));
      rows.push({
        domain_id: site.id,
        client_id: site.client_id,
        drip_id: site.recurringDripId,
        type: 'recurring',
        hour,
        sent,
        delivered,
        clicked: Math.round(delivered * (0.02 + rnd() * 0.05)),
        error_404: Math.floor(rnd() * 3),
        error_429: rnd() < 0.1 ? 1 : 0,
        error_x: rnd() < 0.05 ? 1 : 0,
      });
    }
  }
  // through the write path, so the coarse rollup tables get the same history
  for (let i = 0; i < rows.length; i += 1000) {
    await addToRollups(
      db,
      rows.slice(i, i + 1000).map((r) => ({ ...r, at: new Date(r.hour), counters: r })),
    );
  }
  return rows.length;
}
