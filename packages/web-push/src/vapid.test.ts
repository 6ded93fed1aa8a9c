import { createPublicKey, sign, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebPushInputError } from './errors.ts';
import { generateVapidKeys, importVapidPrivateKey, vapidHeaders } from './vapid.ts';
import { VapidCache } from './vapid-cache.ts';
import { verifyVapidAuthorization } from './vapid-verify.ts';

const keys = generateVapidKeys();
const other = generateVapidKeys();
const audience = 'https://push.example.net';
const subject = 'mailto:ops@pushdeck.test';
const now = Date.UTC(2030, 0, 1, 12, 0, 0);
const nowSeconds = now / 1000;

function parse(authorization: string) {
  const match = /^vapid t=([^,]+), k=(.+)$/.exec(authorization);
  if (!match?.[1] || !match[2]) throw new Error(`unexpected header ${authorization}`);
  const [h = '', c = '', s = ''] = match[1].split('.');
  return { h, c, s, k: match[2], token: match[1] };
}
const json = (part: string): unknown => JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));

/** A JWT over arbitrary claims, signed with `keys` (to build tokens vapidHeaders refuses to make). */
function forge(claims: object, header: object = { typ: 'JWT', alg: 'ES256' }): string {
  const input = `${Buffer.from(JSON.stringify(header)).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}`;
  const key = importVapidPrivateKey(keys.publicKey, keys.privateKey);
  const signature = sign('sha256', Buffer.from(input), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
  return `vapid t=${input}.${signature}, k=${keys.publicKey}`;
}

describe('VAPID (RFC 8292)', () => {
  it('generates a 65-byte uncompressed public key and a 32-byte private key', () => {
    const pub = Buffer.from(keys.publicKey, 'base64url');
    expect(pub.length).toBe(65);
    expect(pub[0]).toBe(4);
    expect(Buffer.from(keys.privateKey, 'base64url').length).toBe(32);
    expect(keys.publicKey).not.toBe(other.publicKey);
  });

  it('signs an ES256 JWT that node:crypto verifies independently, with the right claims', () => {
    const { authorization } = vapidHeaders({ audience, subject, ...keys, now });
    const { h, c, s, k } = parse(authorization);
    expect(k).toBe(keys.publicKey);
    expect(json(h)).toEqual({ typ: 'JWT', alg: 'ES256' });
    expect(json(c)).toEqual({ aud: audience, exp: nowSeconds + 12 * 3600, sub: subject });
    const point = Buffer.from(k, 'base64url');
    const publicKey = createPublicKey({
      key: {
        kty: 'EC',
        crv: 'P-256',
        x: point.subarray(1, 33).toString('base64url'),
        y: point.subarray(33).toString('base64url'),
      },
      format: 'jwk',
    });
    const signature = Buffer.from(s, 'base64url');
    expect(signature.length).toBe(64);
    expect(verify('sha256', Buffer.from(`${h}.${c}`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(
      true,
    );
    expect(verify('sha256', Buffer.from(`${h}.${c}x`), { key: publicKey, dsaEncoding: 'ieee-p1363' }, signature)).toBe(
      false,
    );
  });

  it('validates expiry, subject, audience and the key pair', () => {
    const base = { audience, subject, ...keys };
    expect(() => vapidHeaders({ ...base, expiresInSeconds: 24 * 3600 + 1 })).toThrow(/expiresInSeconds/);
    expect(() => vapidHeaders({ ...base, expiresInSeconds: 0 })).toThrow(WebPushInputError);
    expect(() => vapidHeaders({ ...base, subject: 'ops@pushdeck.test' })).toThrow(/mailto: or https:/);
    expect(() => vapidHeaders({ ...base, subject: 'http://pushdeck.test' })).toThrow(/mailto: or https:/);
    expect(() => vapidHeaders({ ...base, subject: 'https://pushdeck.test/contact' })).not.toThrow();
    expect(() => vapidHeaders({ ...base, audience: 'https://push.example.net/send/abc' })).toThrow(/origin/);
    expect(() => vapidHeaders({ ...base, publicKey: other.publicKey })).toThrow(/does not match/);
    expect(() => vapidHeaders({ ...base, privateKey: 'abc' })).toThrow(/32 bytes/);
  });
});

describe('verifyVapidAuthorization', () => {
  const good = vapidHeaders({ audience, subject, ...keys, now }).authorization;

  it('accepts a valid header and returns the key and claims', () => {
    const result = verifyVapidAuthorization(good, audience, now);
    expect(result).toEqual({
      ok: true,
      publicKey: keys.publicKey,
      claims: { aud: audience, exp: nowSeconds + 43200, sub: subject },
    });
  });

  it.each([
    ['wrong audience', () => verifyVapidAuthorization(good, 'https://other.example', now), /aud/],
    ['expired', () => verifyVapidAuthorization(good, audience, now + 43200 * 1000), /expired/],
    [
      'exp more than 24 h ahead',
      () => verifyVapidAuthorization(forge({ aud: audience, exp: nowSeconds + 86401, sub: subject }), audience, now),
      /24 hours/,
    ],
    [
      'tampered signature',
      () => {
        const { token, k } = parse(good);
        const last = token.at(-2) === 'A' ? 'B' : 'A';
        return verifyVapidAuthorization(`vapid t=${token.slice(0, -2)}${last}${token.at(-1)}, k=${k}`, audience, now);
      },
      /signature/,
    ],
    [
      'tampered claims',
      () => {
        const { h, s, k } = parse(good);
        const c = Buffer.from(JSON.stringify({ aud: audience, exp: nowSeconds + 60, sub: subject })).toString(
          'base64url',
        );
        return verifyVapidAuthorization(`vapid t=${h}.${c}.${s}, k=${k}`, audience, now);
      },
      /signature/,
    ],
    [
      'wrong k',
      () => verifyVapidAuthorization(good.replace(keys.publicKey, other.publicKey), audience, now),
      /signature/,
    ],
    [
      'k not on the curve',
      () => verifyVapidAuthorization(good.replace(keys.publicKey, `BA${'A'.repeat(85)}`), audience, now),
      /valid P-256/,
    ],
    [
      'alg other than ES256',
      () => verifyVapidAuthorization(forge({ aud: audience, exp: nowSeconds + 60 }, { alg: 'HS256' }), audience, now),
      /ES256/,
    ],
    ['missing header', () => verifyVapidAuthorization(undefined, audience, now), /missing/],
    ['other scheme', () => verifyVapidAuthorization('Bearer abc', audience, now), /vapid/],
  ])('rejects %s', (_name, run, reason) => {
    const result = run();
    expect(result.ok).toBe(false);
    expect(result.ok === false && result.reason).toMatch(reason);
  });
});

describe('VapidCache', () => {
  it('reuses a header for ~11 h per (audience, key) and renews it with less than 1 h left', () => {
    let clock = now;
    const cache = new VapidCache({ now: () => clock });
    const vapid = { subject, ...keys };
    const first = cache.authorization(audience, vapid);
    expect(cache.authorization(audience, vapid)).toBe(first);
    clock += 11 * 3600 * 1000 - 1000;
    expect(cache.authorization(audience, vapid)).toBe(first);
    clock += 2000;
    const renewed = cache.authorization(audience, vapid);
    expect(renewed).not.toBe(first);
    expect(verifyVapidAuthorization(renewed, audience, clock).ok).toBe(true);
    const otherOrigin = cache.authorization('https://fcm.googleapis.com', vapid);
    expect(otherOrigin).not.toBe(renewed);
    expect(verifyVapidAuthorization(otherOrigin, 'https://fcm.googleapis.com', clock).ok).toBe(true);
    expect(cache.authorization(audience, { subject, ...other })).not.toBe(renewed);
    expect(cache.size).toBe(3);
  });
});
