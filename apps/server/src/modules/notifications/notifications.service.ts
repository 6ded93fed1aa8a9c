import { createHash } from 'node:crypto';
import {
  DRIP_MSG,
  JOBS,
  NOTIFICATION_LIMITS,
  NOTIFICATION_MSG,
  type NotificationAccepted,
  type NotificationFailure,
  type NotificationSend,
  type NotificationStatus,
} from '@pushdeck/contracts';
import { type Kysely, sql } from 'kysely';
import type { DB } from '../../db/schema.ts';
import type { JobRunner } from '../../jobs/job-runner.ts';
import type { Actor } from '../../lib/actor.ts';
import { HttpError, ValidationError } from '../../lib/errors.ts';
import { storedAudience } from '../delivery/fanout.service.ts';
import { PAYLOAD_TOO_LARGE_MESSAGE, payloadFits } from '../delivery/payload.ts';
import { IdempotencyRepository } from './idempotency.repository.ts';
import { type ApiSendValues, NotificationsRepository } from './notifications.repository.ts';

/** Who calls: the API key (its id keys the Idempotency-Key answers; its website list, null = all, limits what it reaches). */
export interface ApiCaller {
  id: number;
  websiteIds: number[] | null;
}

/** An accepted send's answer as it was first given (replayed for the same Idempotency-Key). */
export interface Answer<T> {
  statusCode: 202;
  body: { data: T };
}

const PRINTABLE_ASCII = /^[\x21-\x7e]+$/;

/** A canonical form of a body (keys sorted), so that `{a, b}` and `{b, a}` are the same request. */
export function requestHash(body: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v as object)
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return createHash('sha256')
    .update(JSON.stringify(canonical(body)))
    .digest('hex');
}

/** The Idempotency-Key header: absent, or 1–255 printable ASCII characters (else a 422). */
export function idempotencyKeyOf(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const key = Array.isArray(header) ? header[0] : header;
  if (
    Array.isArray(header) ||
    !key ||
    key.length > NOTIFICATION_LIMITS.idempotencyKeyMax ||
    !PRINTABLE_ASCII.test(key)
  ) {
    throw new ValidationError({ 'Idempotency-Key': [NOTIFICATION_MSG.idempotencyKey] });
  }
  return key;
}

/**
 * Sends from a site's back end: each send is a drip of type `api` (its content) and an occurrence of type `api`
 * fanned out by the engine over its target, so it goes through the same ledger, quota, rules and rollups as every
 * other send (docs/delivery.md, "Sends from the server API").
 */
export class NotificationsService {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly jobs: JobRunner | undefined,
  ) {}

  /**
   * Creates a send, or with an Idempotency-Key already used by this API key within 24 h, answers what the first
   * request was answered (a different body with the same key is a 422). Only an accepted send's answer is kept: a
   * refused request may be corrected and retried with the same key.
   */
  async send(
    actor: Actor,
    caller: ApiCaller,
    body: NotificationSend,
    idempotencyHeader?: string | string[],
    now = new Date(),
  ): Promise<Answer<NotificationAccepted>> {
    const idempotencyKey = idempotencyKeyOf(idempotencyHeader);
    return this.db.transaction().execute(async (trx) => {
      if (idempotencyKey !== undefined) {
        const keys = new IdempotencyRepository(trx);
        const hash = requestHash(body);
        if (!(await keys.claim(caller.id, idempotencyKey, hash))) {
          const first = await keys.find(caller.id, idempotencyKey);
          if (!first || first.request_hash !== hash || first.status_code !== 202) {
            throw new ValidationError({ 'Idempotency-Key': [NOTIFICATION_MSG.idempotencyReused] });
          }
          return { statusCode: 202, body: first.body as { data: NotificationAccepted } };
        }
        const answer = await this.create(trx, actor, caller, body, now);
        await keys.saveAnswer(caller.id, idempotencyKey, answer.statusCode, answer.body);
        return answer;
      }
      return this.create(trx, actor, caller, body, now);
    });
  }

  private async create(
    trx: Kysely<DB>,
    actor: Actor,
    caller: ApiCaller,
    body: NotificationSend,
    now: Date,
  ): Promise<Answer<NotificationAccepted>> {
    checkSendAt(body.send_at, now);
    const repo = new NotificationsRepository(trx);
    const website = await repo.website(actor, body.website_id);
    if (!website || (caller.websiteIds !== null && !caller.websiteIds.includes(website.id)))
      throw new HttpError(404, DRIP_MSG.domainNotFound);
    const target = await this.target(repo, website, caller, body);
    const content = contentOf(body);
    if (!payloadFits({ id: 2_147_483_647, ...content }))
      throw new ValidationError({ body: [PAYLOAD_TOO_LARGE_MESSAGE] });
    const dripId = await repo.insertDrip({ ...content, domain_id: website.id, client_id: website.client_id });
    const sendAt = body.send_at ? new Date(body.send_at) : null;
    const dueAt = sendAt ?? now;
    const occurrenceId = await repo.insertOccurrence({
      drip_id: dripId,
      domain_id: website.id,
      client_id: website.client_id,
      due_at: dueAt,
    });
    const row = await repo.insertSend({ ...target, drip_id: dripId, occurrence_id: occurrenceId, send_at: sendAt });
    if (!this.jobs) throw new Error('the notifications service needs the job runner');
    await this.jobs.send(JOBS.deliveryFanout, { occurrenceId }, { trx, ...(sendAt ? { startAfter: sendAt } : {}) });
    return {
      statusCode: 202,
      body: {
        data: {
          id: row.id,
          status: sendAt ? 'scheduled' : 'sending',
          recipients: target.recipients,
          created_at: row.created_at.toISOString(),
          send_at: sendAt?.toISOString() ?? null,
        },
      },
    };
  }

  /** Whom the send targets: listed subscribers (resolved now), a segment of the website, or all of it. */
  private async target(
    repo: NotificationsRepository,
    website: { id: number; client_id: number },
    caller: ApiCaller,
    body: NotificationSend,
  ): Promise<Omit<ApiSendValues, 'send_at'>> {
    const base = { client_id: website.client_id, domain_id: website.id, api_key_id: caller.id };
    if (body.subscriber_ids || body.subscribable_ids) {
      const ids = body.subscriber_ids
        ? await repo.activeByIds(website.id, body.subscriber_ids)
        : await repo.activeBySubscribableIds(website.id, body.subscribable_ids!);
      return { ...base, target: 'subscribers', subscriber_ids: ids, segment_id: null, recipients: ids.length };
    }
    if (body.segment_id !== undefined) {
      const segment = await repo.segment(website.id, website.client_id, body.segment_id);
      if (!segment) throw new ValidationError({ segment_id: [NOTIFICATION_MSG.segmentNotFound] });
      const recipients = await repo.countActive(website.id, storedAudience(segment.query));
      return { ...base, target: 'segment', subscriber_ids: null, segment_id: segment.id, recipients };
    }
    const recipients = await repo.countActive(website.id, sql<boolean>`true`);
    return { ...base, target: 'all', subscriber_ids: null, segment_id: null, recipients };
  }

  /** A send of the actor's client with its outcomes so far, counted from the send ledger. */
  async status(actor: Actor, id: number, caller: Pick<ApiCaller, 'websiteIds'>): Promise<NotificationStatus> {
    const repo = new NotificationsRepository(this.db);
    const row = await repo.find(actor, id);
    if (!row || (caller.websiteIds !== null && !caller.websiteIds.includes(row.domain_id))) {
      throw new HttpError(404, NOTIFICATION_MSG.notFound);
    }
    const counts = countOutcomes(await repo.ledgerCounts(row.occurrence_id));
    const status =
      row.occurrence_status === 'cancelled'
        ? 'cancelled'
        : row.occurrence_status === 'done' && counts.queued === 0
          ? 'done'
          : row.occurrence_status === 'pending' && row.send_at && row.send_at > new Date()
            ? 'scheduled'
            : 'sending';
    return {
      id: row.id,
      status,
      recipients: row.recipients,
      created_at: row.created_at.toISOString(),
      send_at: row.send_at?.toISOString() ?? null,
      counts,
    };
  }
}

/** send_at must be in the future and within 30 days (checked when the send is created, not on a replay). */
function checkSendAt(sendAt: string | undefined, now: Date): void {
  if (sendAt === undefined) return;
  const at = Date.parse(sendAt);
  if (at <= now.getTime()) throw new ValidationError({ send_at: [NOTIFICATION_MSG.sendAtPast] });
  if (at > now.getTime() + NOTIFICATION_LIMITS.sendAtMaxDays * 86_400_000) {
    throw new ValidationError({ send_at: [NOTIFICATION_MSG.sendAtFar] });
  }
}

/** The drip row that holds an API message (customization as the drip editors store it, plus the urgency). */
function contentOf(body: NotificationSend) {
  const [b1, b2] = body.buttons ?? [];
  const button = (b: { title: string; url?: string | undefined }) =>
    b.url ? { title: b.title, url: b.url } : { title: b.title };
  return {
    title: body.title,
    body: body.body ?? '',
    url: body.url ?? '',
    icon: body.icon || null,
    customization: {
      requireInteraction: false,
      ...(body.image ? { image: body.image } : {}),
      ttl: body.ttl ?? 7200,
      urgency: body.urgency ?? 'normal',
      ...(b1 ? { button1: button(b1) } : {}),
      ...(b2 ? { button2: button(b2) } : {}),
    },
  };
}

const FAILURE_OF: Record<string, NotificationFailure> = {
  gone: 'gone',
  too_large: 'too_large',
  error_401: 'unauthorized',
  error_403: 'forbidden',
  refused: 'refused',
  over_quota: 'over_quota',
  skipped: 'unsubscribed',
};

/** The ledger's rows of one send as outcome counts: queued (not yet answered), sent, delivered, clicked, failed by reason. */
export function countOutcomes(
  rows: readonly {
    status: string;
    http_status: number | null;
    n: string | number;
    delivered: string | number;
    clicked: string | number;
  }[],
): NotificationStatus['counts'] {
  const counts: NotificationStatus['counts'] = {
    queued: 0,
    sent: 0,
    delivered: 0,
    clicked: 0,
    failed: 0,
    failed_by_reason: {
      gone: 0,
      too_large: 0,
      rate_limited: 0,
      server_error: 0,
      unauthorized: 0,
      forbidden: 0,
      refused: 0,
      over_quota: 0,
      unsubscribed: 0,
      other: 0,
    },
  };
  for (const r of rows) {
    const n = Number(r.n);
    counts.delivered += Number(r.delivered);
    counts.clicked += Number(r.clicked);
    if (r.status === 'queued' || r.status === 'sending') counts.queued += n;
    else if (r.status === 'sent') counts.sent += n;
    else {
      const reason =
        FAILURE_OF[r.status] ??
        (r.http_status === 429
          ? 'rate_limited'
          : r.http_status === null || r.http_status === 0 || r.http_status >= 500
            ? 'server_error'
            : 'other');
      counts.failed += n;
      counts.failed_by_reason[reason] += n;
    }
  }
  return counts;
}
