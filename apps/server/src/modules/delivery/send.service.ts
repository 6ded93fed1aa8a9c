import { createHash } from 'node:crypto';
import type { PushSender, SendItem, SendResult } from '@pushdeck/web-push';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { SecretBox } from '../../lib/crypto.ts';
import type { MessageTokens } from '../../lib/message-token.ts';
import { openDomainKeys, type VapidKeys } from '../domains/domain-keys.ts';
import { addToRollups, type RollupDelta } from '../stats/rollups.repository.ts';
import { NO_WEBHOOKS, type WebhookEvent, type WebhookEvents } from '../webhooks/webhook-events.ts';
import { type DebugLog, SILENT } from './debug-log.ts';
import { LedgerRepository } from './ledger.repository.ts';
import { countersFor, type SendOutcome } from './outcomes.ts';
import { buildPayload, ttlOf, urgencyOf } from './payload.ts';
import { claimWithinQuota } from './send-quota.ts';

const FLUSH_EVERY = 200;

interface Recorded {
  ledgerId: number;
  subscriberId: number;
  dripId: number;
  dripNumber: number;
  domainId: number;
  clientId: number;
  type: string;
  outcome: SendOutcome | 'skipped';
  status: number;
  attempts: number;
}

type Claimed = Awaited<ReturnType<LedgerRepository['claim']>>[number];
type PayloadDrip = Awaited<ReturnType<LedgerRepository['payloadDrips']>>[number];

/** The Topic header of one message: stable per ledger row, so a resend after a crash replaces, never duplicates. */
export const topicOf = (ledgerId: number) =>
  createHash('sha256').update(`pushdeck-ledger-${ledgerId}`).digest('base64url').slice(0, 32);

/**
 * Sends one batch of ledger rows: claims them, encrypts and pushes through the shared HTTP/2 sender, and records
 * every outcome with its rollups in small transactions as results arrive.
 */
export class SendService {
  private readonly vapidCache = new Map<number, VapidKeys>();

  constructor(
    private readonly db: Kysely<DB>,
    private readonly sender: PushSender,
    private readonly box: SecretBox,
    private readonly tokens: MessageTokens,
    private readonly vapidSubject: string,
    private readonly concurrency = 256,
    private readonly log: DebugLog = SILENT,
    /** Outcome webhooks (issue #27): told of the subscribers a push service called gone, in the recording transaction. */
    private readonly webhooks: WebhookEvents = NO_WEBHOOKS,
  ) {}

  async sendBatch(ledgerIds: readonly number[]): Promise<{ sent: number; total: number }> {
    if (ledgerIds.length === 0) return { sent: 0, total: 0 };
    const ledger = new LedgerRepository(this.db);
    const rows = await claimWithinQuota(this.db, ledgerIds);
    if (rows.length === 0) return { sent: 0, total: 0 };
    const drips = new Map((await ledger.payloadDrips([...new Set(rows.map((r) => r.drip_id))])).map((d) => [d.id, d]));
    const { items, meta, skipped } = await this.prepare(rows, drips);
    await this.push(items, meta, skipped);
    return { sent: items.length, total: rows.length };
  }

  /** The messages of a claimed batch, encrypted later by the sender; rows that cannot be sent are skipped. */
  private async prepare(rows: Claimed[], drips: Map<number, PayloadDrip>) {
    const skipped: Recorded[] = [];
    const items: SendItem[] = [];
    const meta: Omit<Recorded, 'outcome' | 'status' | 'attempts'>[] = [];
    for (const r of rows) {
      const drip = drips.get(r.drip_id);
      const base = {
        ledgerId: Number(r.id),
        subscriberId: r.subscriber_id,
        dripId: r.drip_id,
        dripNumber: drip?.drip_number ?? 0,
        domainId: r.domain_id,
        clientId: r.client_id,
        type: r.type,
      };
      if (!drip || r.is_active !== 1) {
        skipped.push({ ...base, outcome: 'skipped', status: 0, attempts: 0 });
        continue;
      }
      const vapid = await this.vapid(r.domain_id);
      items.push({
        subscription: { endpoint: r.endpoint, keys: { p256dh: r.p256dh, auth: r.auth } },
        payload: JSON.stringify(buildPayload(drip, this.tokens.issue(base.ledgerId))),
        options: {
          ttl: ttlOf(drip.customization),
          urgency: urgencyOf(drip.customization),
          topic: topicOf(base.ledgerId),
          vapid: { subject: this.vapidSubject, ...vapid },
        },
      });
      meta.push(base);
    }
    return { items, meta, skipped };
  }

  /** Pushes the messages and records results as they arrive, FLUSH_EVERY at a time, one transaction after another. */
  private async push(
    items: SendItem[],
    meta: Omit<Recorded, 'outcome' | 'status' | 'attempts'>[],
    skipped: Recorded[],
  ) {
    const buffer: Recorded[] = [...skipped];
    let flushing = Promise.resolve();
    const flush = () => {
      const chunk = buffer.splice(0, buffer.length);
      flushing = flushing.then(() => this.record(chunk));
      return flushing;
    };
    this.log.debug({ messages: items.length, skipped: buffer.length }, 'send batch: pushing');
    await this.sender.sendMany(items, {
      concurrency: this.concurrency,
      onResult: (res: SendResult) => {
        const m = meta[res.index]!;
        buffer.push({ ...m, outcome: res.outcome as SendOutcome, status: res.status, attempts: res.attempts });
        if (buffer.length >= FLUSH_EVERY) void flush();
      },
    });
    await flush();
    await flushing;
  }

  private async vapid(domainId: number): Promise<VapidKeys> {
    let keys = this.vapidCache.get(domainId);
    if (!keys) {
      keys = openDomainKeys(await new LedgerRepository(this.db).websiteKeys(domainId), this.box);
      this.vapidCache.set(domainId, keys);
    }
    return keys;
  }

  /** One transaction per chunk: ledger statuses, rollups, drip counters, deactivations. */
  private async record(chunk: Recorded[]): Promise<void> {
    if (chunk.length === 0) return;
    this.log.debug({ results: chunk.length }, 'send batch: recording results');
    const now = new Date();
    await this.db.transaction().execute(async (trx) => {
      const byStatus = new Map<string, Recorded[]>();
      for (const r of chunk)
        byStatus.set(`${r.outcome}|${r.status}`, [...(byStatus.get(`${r.outcome}|${r.status}`) ?? []), r]);
      const ledger = new LedgerRepository(trx);
      for (const [, group] of byStatus) {
        const first = group[0]!;
        await ledger.setOutcome(
          group.map((g) => g.ledgerId),
          first.outcome,
          first.status,
          now,
        );
      }
      const deltas: RollupDelta[] = chunk
        .filter((r) => r.outcome !== 'skipped')
        .map((r) => ({
          domain_id: r.domainId,
          client_id: r.clientId,
          drip_id: r.dripId,
          type: r.type,
          at: now,
          counters: countersFor(r.outcome as SendOutcome, r.status),
        }));
      await addToRollups(trx, deltas);
      await recordRecipients(trx, chunk, now);
      await this.webhooks.emit(trx, deactivations(chunk, now));
    });
  }
}

/** The `deactivated` webhook events of a chunk: one per subscriber whose push service answered 404/410 (or whose
 * stored endpoint the policy refuses). */
function deactivations(chunk: readonly Recorded[], now: Date): WebhookEvent[] {
  const seen = new Set<number>();
  const events: WebhookEvent[] = [];
  for (const r of chunk) {
    if ((r.outcome !== 'gone' && r.outcome !== 'refused') || seen.has(r.subscriberId)) continue;
    seen.add(r.subscriberId);
    events.push({
      type: 'deactivated',
      domainId: r.domainId,
      at: now,
      data: {
        subscriber_id: r.subscriberId,
        message_id: r.ledgerId,
        reason: r.outcome === 'gone' ? 'expired' : 'endpoint_refused',
        status_code: r.outcome === 'gone' ? r.status : null,
      },
    });
  }
  return events;
}

/** What recordRecipients needs of one send result. */
export interface RecipientResult {
  subscriberId: number;
  dripId: number;
  dripNumber: number;
  outcome: SendOutcome | 'skipped';
}

/**
 * The drips' sent counters, the subscribers a push service called gone (or whose endpoint was refused), and the subscribers' last drip numbers, in
 * the caller's transaction. Rows are locked in one order, drips by id, then subscribers by id (after the rollups,
 * which addToRollups orders the same way), so chunks recorded at once never wait on each other in a cycle.
 */
export async function recordRecipients(trx: Kysely<DB>, results: readonly RecipientResult[], now: Date): Promise<void> {
  const sent = results.filter((r) => r.outcome === 'sent');
  const perDrip = new Map<number, number>();
  for (const r of sent) perDrip.set(r.dripId, (perDrip.get(r.dripId) ?? 0) + 1);
  const ledger = new LedgerRepository(trx);
  for (const [dripId, n] of [...perDrip].sort(([x], [y]) => x - y)) await ledger.addSent(dripId, n);
  // gone (404/410) or refused by the endpoint policy: either way this endpoint is never sent to again
  const gone = [
    ...new Set(results.filter((r) => r.outcome === 'gone' || r.outcome === 'refused').map((r) => r.subscriberId)),
  ];
  const lastNumber = new Map<number, number>();
  for (const r of sent) {
    if (r.dripNumber > 0) lastNumber.set(r.subscriberId, Math.max(lastNumber.get(r.subscriberId) ?? 0, r.dripNumber));
  }
  const touched = [...new Set([...gone, ...lastNumber.keys()])];
  if (touched.length === 0) return;
  await ledger.lockSubscribers(touched);
  if (gone.length) await ledger.deactivateSubscribers(gone, now);
  if (lastNumber.size > 0) await ledger.raiseLastDripNumbers(lastNumber);
}
