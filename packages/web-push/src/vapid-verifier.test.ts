import { describe, expect, it } from 'vitest';
import { generateVapidKeys, vapidHeaders } from './vapid.ts';
import { VapidVerifier } from './vapid-verifier.ts';

const keys = generateVapidKeys();
const audience = 'https://push.example.net';
const subject = 'mailto:ops@pushdeck.test';
const now = Date.UTC(2030, 0, 1, 12, 0, 0);

describe('VapidVerifier', () => {
  const good = vapidHeaders({ audience, subject, ...keys, now, expiresInSeconds: 3600 }).authorization;

  it('checks a header once, then answers from memory until the JWT expires', () => {
    const verifier = new VapidVerifier();
    const first = verifier.verify(good, audience, now);
    expect(first).toMatchObject({ ok: true, publicKey: keys.publicKey, claims: { aud: audience, sub: subject } });
    expect(verifier.verify(good, audience, now + 1000)).toEqual(first);
    expect(verifier.verify(good, audience, now + 3599 * 1000)).toEqual(first);
    expect(verifier.signatureChecks).toBe(1);
    expect(verifier.verify(good, audience, now + 3600 * 1000)).toEqual({ ok: false, reason: 'JWT has expired' });
    expect(verifier.size).toBe(0);
  });

  it('never remembers a failure, and a header good for one audience is checked afresh for another', () => {
    const verifier = new VapidVerifier();
    const [jwt = '', k = ''] = good.slice('vapid t='.length).split(', k=');
    const tampered = `vapid t=${jwt.slice(0, -4)}${jwt.endsWith('AAAA') ? 'BBBB' : 'AAAA'}, k=${k}`;
    expect(verifier.verify(tampered, audience, now).ok).toBe(false);
    expect(verifier.verify(tampered, audience, now).ok).toBe(false);
    expect(verifier.signatureChecks).toBe(2);
    expect(verifier.verify(good, audience, now).ok).toBe(true);
    expect(verifier.verify(good, 'https://other.example', now)).toMatchObject({ ok: false, reason: /aud/ });
    expect(verifier.verify(undefined, audience, now)).toMatchObject({ ok: false, reason: /missing/ });
    expect(verifier.size).toBe(1);
  });

  it('keeps at most maxEntries headers, dropping the oldest', () => {
    const verifier = new VapidVerifier({ maxEntries: 2 });
    const headers = [1, 2, 3].map(
      (i) => vapidHeaders({ audience, subject, ...keys, now, expiresInSeconds: 3600 + i }).authorization,
    );
    for (const header of headers) expect(verifier.verify(header, audience, now).ok).toBe(true);
    expect(verifier.size).toBe(2);
    verifier.verify(headers[0], audience, now);
    expect(verifier.signatureChecks).toBe(4);
    verifier.verify(headers[2], audience, now);
    expect(verifier.signatureChecks).toBe(4);
    expect(() => new VapidVerifier({ maxEntries: 0 })).toThrow(RangeError);
  });
});
