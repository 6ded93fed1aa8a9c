import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { WEBHOOK_HEADERS } from '@pushdeck/contracts';
import { HOST_REFUSED } from '../../lib/outbound-hosts.ts';
import type { WebhookHostPolicy } from './webhook-hosts.ts';

/** Each attempt waits this long for the receiver's answer (headers and body) before it counts as failed. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** At most this much of a receiver's answer is read (and then dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

export interface PostResult {
  statusCode: number | null;
  error: string | null;
  durationMs: number;
  ok: boolean;
}

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" keyed with the secret's UTF-8 bytes>`. */
export function signatureHeader(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

/** What a failed connection is called in the attempt list (never the URL's credentials or a stack). */
function errorText(err: Error & { code?: string }): string {
  if (err.code === HOST_REFUSED)
    return 'Refused: the host resolves to an address PUSHDECK_WEBHOOK_HOSTS does not allow.';
  if (err.code === 'ETIMEDOUT_WEBHOOK') return err.message;
  if (err.code === 'ENOTFOUND') return 'The host name does not resolve.';
  if (err.code === 'ECONNREFUSED') return 'The connection was refused.';
  if (err.code === 'ECONNRESET') return 'The connection was reset.';
  return err.code ? `Connection error (${err.code}).` : 'Connection error.';
}

/**
 * Posts one signed webhook body: no redirects followed (a 3xx is a failed attempt), the host judged again at the
 * connection (the policy's lookup), a whole-request timeout. 2xx is success; anything else, or no answer, is not.
 */
export async function postWebhook(
  policy: WebhookHostPolicy,
  target: { url: string; secret: string; deliveryId: string; eventType: string; body: string },
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<PostResult> {
  const started = performance.now();
  const done = (statusCode: number | null, error: string | null): PostResult => ({
    statusCode,
    error,
    durationMs: Math.round(performance.now() - started),
    ok: statusCode !== null && statusCode >= 200 && statusCode < 300,
  });
  if (!policy.allowsEndpoint(target.url)) return done(null, 'Refused: PUSHDECK_WEBHOOK_HOSTS does not allow this URL.');
  const url = new URL(target.url);
  const lookup = policy.lookupFor(target.url);
  const transport = url.protocol === 'https:' ? https : http;
  return new Promise<PostResult>((resolve) => {
    const req = transport.request(
      url,
      {
        method: 'POST',
        agent: false,
        ...(lookup ? { lookup } : {}),
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(target.body),
          'user-agent': 'Pushdeck-Webhooks/1',
          [WEBHOOK_HEADERS.signature]: signatureHeader(target.secret, target.body, new Date()),
          [WEBHOOK_HEADERS.delivery]: target.deliveryId,
          [WEBHOOK_HEADERS.event]: target.eventType,
        },
      },
      (res) => {
        let read = 0;
        res.on('data', (chunk: Buffer) => {
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) res.destroy();
        });
        res.on('close', () => {
          clearTimeout(timer);
          resolve(done(res.statusCode ?? null, null));
        });
      },
    );
    const timer = setTimeout(() => {
      req.destroy(
        Object.assign(new Error(`No answer within ${Math.round(timeoutMs / 1000)} s.`), { code: 'ETIMEDOUT_WEBHOOK' }),
      );
    }, timeoutMs);
    req.on('error', (err: Error & { code?: string }) => {
      clearTimeout(timer);
      resolve(done(null, errorText(err)));
    });
    req.end(target.body);
  });
}
