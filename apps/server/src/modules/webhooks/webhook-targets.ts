import type { WebhookEventType } from '@pushdeck/contracts';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import { WebhooksRepository } from './webhooks.repository.ts';

/** How long a process trusts what it read of the active webhooks (another process's change shows after this). */
export const TARGETS_TTL_MS = 5_000;

/**
 * Which websites have an active webhook for which events, held in memory, so the hot paths (delivery and click
 * pings, send results, unsubscribes) ask nothing of the database when no webhook wants their event: one small read of
 * every active webhook's website and events, at most every TARGETS_TTL_MS per process, and at once after this
 * process changed a webhook. A change made by another API process reaches this one within TARGETS_TTL_MS; the
 * delivery itself checks the webhook again (deleted or switched off: nothing is posted).
 */
export class WebhookTargets {
  private byWebsite = new Map<number, ReadonlySet<string>>();
  private loadedAt = Number.NEGATIVE_INFINITY;

  /** This process changed a webhook: the next question reads again. */
  invalidate(): void {
    this.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /**
   * Whether any of these websites has an active webhook for the event. `on` is where a read runs when one is due:
   * the caller's transaction (on the embedded database the only connection is the transaction's).
   */
  async wants(on: Kysely<DB>, domainIds: Iterable<number>, type: WebhookEventType): Promise<boolean> {
    if (performance.now() - this.loadedAt > TARGETS_TTL_MS) {
      const rows = await new WebhooksRepository(on).activeTargets();
      const next = new Map<number, Set<string>>();
      for (const r of rows) {
        const set = next.get(r.domain_id) ?? new Set<string>();
        for (const e of r.events) set.add(e);
        next.set(r.domain_id, set);
      }
      this.byWebsite = next;
      this.loadedAt = performance.now();
    }
    for (const id of domainIds) if (this.byWebsite.get(id)?.has(type)) return true;
    return false;
  }
}

const perDatabase = new WeakMap<Kysely<DB>, WebhookTargets>();

/** The one cache of a database in this process, shared by the API (which invalidates it) and the event sources. */
export function webhookTargets(db: Kysely<DB>): WebhookTargets {
  let t = perDatabase.get(db);
  if (!t) {
    t = new WebhookTargets();
    perDatabase.set(db, t);
  }
  return t;
}
