import { createPublicKey, type KeyObject, verify } from 'node:crypto';
import { MAX_VAPID_EXPIRY_SECONDS } from './vapid.ts';

export interface VerifiedVapidClaims {
  aud: string;
  exp: number;
  sub?: string;
  [claim: string]: unknown;
}

export type VapidVerification =
  | { ok: true; publicKey: string; claims: VerifiedVapidClaims }
  | { ok: false; reason: string };

const MAX_KEY_CACHE = 1000;
const publicKeys = new Map<string, KeyObject | null>();
const BASE64URL = /^[A-Za-z0-9_-]+$/;

function publicKeyFor(k: string): KeyObject | null {
  const cached = publicKeys.get(k);
  if (cached !== undefined) return cached;
  const point = Buffer.from(k, 'base64url');
  let key: KeyObject | null = null;
  if (point.length === 65 && point[0] === 0x04) {
    const x = point.subarray(1, 33).toString('base64url');
    const y = point.subarray(33).toString('base64url');
    try {
      key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x, y }, format: 'jwk' });
    } catch {
      key = null;
    }
  }
  if (publicKeys.size >= MAX_KEY_CACHE) publicKeys.delete(publicKeys.keys().next().value ?? '');
  publicKeys.set(k, key);
  return key;
}

function parseJson(part: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function parseParams(header: string): Map<string, string> | undefined {
  const match = /^vapid\s+(.+)$/i.exec(header.trim());
  if (!match?.[1]) return undefined;
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) return undefined;
    params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim());
  }
  return params;
}

/**
 * Checks an RFC 8292 `Authorization: vapid t=…, k=…` header as a push service would: ES256 JWT signed by k,
 * `aud` equal to the expected origin, `exp` in the future and at most 24 h ahead. `now` in ms.
 */
export function verifyVapidAuthorization(
  header: string | undefined,
  expectedAudience: string,
  now: number = Date.now(),
): VapidVerification {
  if (typeof header !== 'string') return { ok: false, reason: 'missing Authorization header' };
  const params = parseParams(header);
  if (!params) return { ok: false, reason: 'Authorization is not of the form "vapid t=…, k=…"' };
  const token = params.get('t');
  const k = params.get('k');
  if (!token || !k) return { ok: false, reason: 'Authorization lacks t or k' };
  if (!BASE64URL.test(k)) return { ok: false, reason: 'k is not base64url' };
  const parts = token.split('.');
  const [headerPart, claimsPart, signaturePart] = parts;
  if (parts.length !== 3 || !headerPart || !claimsPart || !signaturePart || !parts.every((p) => BASE64URL.test(p))) {
    return { ok: false, reason: 't is not a compact JWS' };
  }
  const jwtHeader = parseJson(headerPart);
  if (!jwtHeader) return { ok: false, reason: 'JWT header is not JSON' };
  if (jwtHeader.alg !== 'ES256') return { ok: false, reason: 'JWT alg must be ES256' };
  if (jwtHeader.typ !== undefined && jwtHeader.typ !== 'JWT') return { ok: false, reason: 'JWT typ must be JWT' };
  const claims = parseJson(claimsPart);
  if (!claims) return { ok: false, reason: 'JWT claims are not JSON' };
  const { aud, exp, sub } = claims;
  if (aud !== expectedAudience) return { ok: false, reason: `aud ${String(aud)} does not match ${expectedAudience}` };
  if (typeof exp !== 'number' || !Number.isInteger(exp)) return { ok: false, reason: 'exp must be an integer' };
  const nowSeconds = Math.floor(now / 1000);
  if (exp <= nowSeconds) return { ok: false, reason: 'JWT has expired' };
  if (exp > nowSeconds + MAX_VAPID_EXPIRY_SECONDS) return { ok: false, reason: 'exp is more than 24 hours ahead' };
  if (sub !== undefined && (typeof sub !== 'string' || !/^(mailto:|https:)/.test(sub))) {
    return { ok: false, reason: 'sub must be a mailto: or https: URI' };
  }
  const key = publicKeyFor(k);
  if (!key) return { ok: false, reason: 'k is not a valid P-256 public key' };
  const signature = Buffer.from(signaturePart, 'base64url');
  if (signature.length !== 64) return { ok: false, reason: 'ES256 signature must be 64 bytes' };
  const signed = Buffer.from(`${headerPart}.${claimsPart}`);
  if (!verify('sha256', signed, { key, dsaEncoding: 'ieee-p1363' }, signature)) {
    return { ok: false, reason: 'signature does not verify with k' };
  }
  return { ok: true, publicKey: k, claims: { ...claims, aud, exp, ...(typeof sub === 'string' ? { sub } : {}) } };
}
