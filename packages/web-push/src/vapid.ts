import { createECDH, createPrivateKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { decodeBase64Url, decodeP256Point } from './base64url.ts';
import { WebPushInputError } from './errors.ts';

export const DEFAULT_VAPID_EXPIRY_SECONDS = 12 * 3600;
export const MAX_VAPID_EXPIRY_SECONDS = 24 * 3600;

export interface VapidKeys {
  /** base64url, 65-byte uncompressed P-256 point (the applicationServerKey). */
  publicKey: string;
  /** base64url, 32-byte private scalar d. */
  privateKey: string;
}

export interface VapidDetails extends VapidKeys {
  /** Contact for the push service operator: `mailto:` or `https:` URI. */
  subject: string;
}

export interface VapidHeaderOptions extends VapidDetails {
  /** Origin of the push endpoint, e.g. `https://fcm.googleapis.com`. */
  audience: string;
  /** Lifetime of the JWT; at most 24 h. Default 12 h. */
  expiresInSeconds?: number;
  /** Current time in ms (tests). */
  now?: number;
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

export interface VapidAuthorization {
  authorization: string;
  /** JWT expiry, seconds since the epoch. */
  exp: number;
}

const JWT_HEADER = Buffer.from(JSON.stringify({ typ: 'JWT', alg: 'ES256' })).toString('base64url');
const MAX_KEY_CACHE = 1000;
const privateKeys = new Map<string, KeyObject>();

/** A new VAPID key pair, both halves base64url (public 65 bytes uncompressed, private 32 bytes). */
export function generateVapidKeys(): VapidKeys {
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = privateKey.export({ format: 'jwk' });
  if (!jwk.x || !jwk.y || !jwk.d) throw new Error('EC key export did not return x, y and d');
  const point = Buffer.concat([Buffer.of(0x04), Buffer.from(jwk.x, 'base64url'), Buffer.from(jwk.y, 'base64url')]);
  return { publicKey: point.toString('base64url'), privateKey: jwk.d };
}

/** Imports the raw VAPID pair as an ES256 signing key (via JWK), checking that the halves belong together. */
export function importVapidPrivateKey(publicKey: string, privateKey: string): KeyObject {
  const cacheKey = `${publicKey}.${privateKey}`;
  const cached = privateKeys.get(cacheKey);
  if (cached) return cached;
  const point = decodeP256Point(publicKey, 'VAPID publicKey');
  const d = decodeBase64Url(privateKey, 'VAPID privateKey', 32);
  const x = point.subarray(1, 33).toString('base64url');
  const y = point.subarray(33).toString('base64url');
  let key: KeyObject;
  let derived: Buffer;
  try {
    // JWK import keeps the given x, y as they are: derive the public point from d to check they belong together.
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(d);
    derived = ecdh.getPublicKey();
    key = createPrivateKey({ key: { kty: 'EC', crv: 'P-256', x, y, d: d.toString('base64url') }, format: 'jwk' });
  } catch {
    throw new WebPushInputError('VAPID key pair is not a valid P-256 key');
  }
  if (!derived.equals(point)) throw new WebPushInputError('VAPID publicKey does not match privateKey');
  if (privateKeys.size >= MAX_KEY_CACHE) privateKeys.delete(privateKeys.keys().next().value ?? '');
  privateKeys.set(cacheKey, key);
  return key;
}

export function validateVapidSubject(subject: string): void {
  if (typeof subject === 'string' && /^mailto:\S+$/.test(subject)) return;
  if (typeof subject === 'string' && subject.startsWith('https:') && URL.canParse(subject)) return;
  throw new WebPushInputError('VAPID subject must be a mailto: or https: URI');
}

export function validateAudience(audience: string): void {
  const url = typeof audience === 'string' && URL.canParse(audience) ? new URL(audience) : undefined;
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:') || url.origin !== audience) {
    throw new WebPushInputError(`VAPID audience must be the origin of the push endpoint, got ${String(audience)}`);
  }
}

/** Builds the RFC 8292 `Authorization: vapid t=<JWT>, k=<publicKey>` value and its expiry. */
export function createVapidAuthorization(opts: VapidHeaderOptions): VapidAuthorization {
  const expiresIn = opts.expiresInSeconds ?? DEFAULT_VAPID_EXPIRY_SECONDS;
  if (!Number.isInteger(expiresIn) || expiresIn <= 0 || expiresIn > MAX_VAPID_EXPIRY_SECONDS) {
    throw new WebPushInputError(`VAPID expiresInSeconds must be an integer in 1..${MAX_VAPID_EXPIRY_SECONDS}`);
  }
  validateAudience(opts.audience);
  validateVapidSubject(opts.subject);
  const key = importVapidPrivateKey(opts.publicKey, opts.privateKey);
  const exp = Math.floor((opts.now ?? Date.now()) / 1000) + expiresIn;
  const claims: VapidClaims = { aud: opts.audience, exp, sub: opts.subject };
  const signingInput = `${JWT_HEADER}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const signature = sign('sha256', Buffer.from(signingInput), { key, dsaEncoding: 'ieee-p1363' });
  const k = decodeP256Point(opts.publicKey, 'VAPID publicKey').toString('base64url');
  return { authorization: `vapid t=${signingInput}.${signature.toString('base64url')}, k=${k}`, exp };
}

/** `{authorization}` header for one push service origin. Prefer a `VapidCache` when sending many messages. */
export function vapidHeaders(opts: VapidHeaderOptions): { authorization: string } {
  return { authorization: createVapidAuthorization(opts).authorization };
}
