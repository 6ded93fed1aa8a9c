import { randomUUID } from 'node:crypto';
import { decryptPayload, type VapidVerifier } from '@pushdeck/web-push';
import type { Counters } from './counters.ts';
import type { Exchange } from './exchange.ts';
import type { Fault, FaultTable } from './faults.ts';
import type { MessageStore } from './message-store.ts';
import { checkBody, checkPushParameters, checkVapid } from './push-checks.ts';
import type { SubscriptionStore } from './subscription-store.ts';
import type { ReceivedMessage } from './types.ts';

/** What the push endpoint needs of the service. */
export interface PushContext {
  readonly origin: string;
  readonly subscriptions: SubscriptionStore;
  readonly messages: MessageStore;
  readonly faults: FaultTable;
  readonly counters: Counters;
  /** VAPID checks of this origin, remembering headers that verified. */
  readonly vapid: VapidVerifier;
  readonly maxBodyBytes: number;
  /** Pending delayed fault answers, cleared on close. */
  readonly timers: Set<NodeJS.Timeout>;
  readonly onMessage: ((message: ReceivedMessage) => void | Promise<void>) | undefined;
  log(message: string): void;
}

const EMPTY: Buffer = Buffer.alloc(0);
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

function parseJson(text: string): { json?: unknown } {
  if (text.length === 0) return {};
  try {
    return { json: JSON.parse(text) as unknown };
  } catch {
    return {};
  }
}

function answerFault(ctx: PushContext, ex: Exchange, fault: Fault): void {
  ex.req.resume(); // drop the body while the fault plays out
  const respond = () => {
    ctx.counters.count(fault.status);
    const headers = fault.retryAfter !== undefined ? { 'retry-after': String(fault.retryAfter) } : {};
    ex.send(fault.status, `injected fault: ${fault.status}`, headers);
  };
  if (!fault.delayMs) {
    respond();
    return;
  }
  const timer = setTimeout(() => {
    ctx.timers.delete(timer);
    respond();
  }, fault.delayMs);
  ctx.timers.add(timer);
}

/**
 * `POST /push/:id`: injected faults first, then RFC 8030/8291/8292 checks in order (404/410, 401/403,
 * 400 headers, 413/415, 400 decryption); an accepted message is stored, answered 201 and handed to `onMessage`.
 */
export async function handlePush(ctx: PushContext, ex: Exchange, id: string): Promise<void> {
  ctx.counters.received++;
  const answer = (status: number, reason: string, headers = {}) => {
    ctx.counters.count(status);
    ex.send(status, reason, headers);
  };
  const fault = ctx.faults.take(id);
  if (fault) return answerFault(ctx, ex, fault);

  const subscription = ctx.subscriptions.get(id);
  if (!subscription) return answer(404, 'no such subscription');
  if (subscription.removed) return answer(410, 'subscription has been removed');

  const vapid = checkVapid(ctx.vapid, ex.header('authorization'), ctx.origin, subscription.applicationServerKey);
  if (vapid.refused) {
    ctx.counters.vapidFailures++;
    return answer(vapid.status, vapid.reason);
  }
  const params = checkPushParameters((name) => ex.header(name));
  if (params.refused) return answer(params.status, params.reason);

  let body: Buffer | undefined;
  try {
    body = await ex.readBody(ctx.maxBodyBytes);
  } catch {
    return; // the client went away mid-body: nobody to answer
  }
  const badBody = checkBody(body, ctx.maxBodyBytes, ex.header('content-encoding'));
  if (badBody || body === undefined) return answer(badBody?.status ?? 413, badBody?.reason ?? 'body too large');

  let payload: Buffer = EMPTY;
  if (body.length > 0) {
    try {
      payload = decryptPayload(body, ctx.subscriptions.receiverKey(subscription), subscription.keys.auth);
    } catch (error) {
      ctx.counters.decryptFailures++;
      return answer(400, `decryption failed: ${errorText(error)}`);
    }
  }

  const text = payload.toString('utf8');
  const message: ReceivedMessage = {
    id: randomUUID(),
    subscriptionId: id,
    payload,
    text,
    ...parseJson(text),
    size: payload.length,
    ttl: params.ttl,
    urgency: params.urgency,
    ...(params.topic !== undefined ? { topic: params.topic } : {}),
    ...(vapid.subject !== undefined ? { vapidSubject: vapid.subject } : {}),
    vapidPublicKey: vapid.publicKey,
    receivedAt: new Date(),
  };
  ctx.messages.add(message);
  answer(201, '', { location: `${ctx.origin}/message/${message.id}`, ttl: String(params.ttl) });

  const { onMessage } = ctx;
  if (onMessage) {
    Promise.resolve()
      .then(() => onMessage(message))
      .catch((error: unknown) => ctx.log(`push-service: onMessage failed for ${message.id}: ${errorText(error)}`));
  }
}
