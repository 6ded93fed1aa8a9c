import { createECDH, randomBytes } from 'node:crypto';
import ece from 'http_ece';
import { describe, expect, it } from 'vitest';
import { decryptPayload, generateReceiverKeys } from './decryption.ts';
import { encryptedSize, encryptPayload, HEADER_BYTES, MAX_PAYLOAD_BYTES } from './encryption.ts';
import { PayloadTooLargeError, WebPushInputError } from './errors.ts';

function receiver() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return { ecdh, auth, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } };
}

function eceDecrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): Buffer {
  return ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth });
}

describe('encryptPayload (RFC 8291)', () => {
  it('reproduces the RFC 8291 Appendix A example byte for byte', () => {
    const body = encryptPayload(
      'When I grow up, I want to be a watermelon',
      {
        p256dh: 'BCVxsr7N_eNgVRqvHtD0zTZsEc6-VV-JvLexhqUzORcxaOzi6-AYWXvTBHm4bjyPjs7Vd8pZGH6SRpkNtoIAiw4',
        auth: 'BTBZMqHH6r4Tts7J_aSIgg',
      },
      {
        salt: 'DGv6ra1nlYgDCS1FRnbzlw',
        senderKeys: {
          publicKey: 'BP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A8',
          privateKey: 'yfWPiYE-n46HLnH0KqZOF1fJJU3MYrct3AELtAQ-oRw',
        },
      },
    );
    expect(body.toString('base64url')).toBe(
      'DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6TlzAC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN',
    );
  });

  it.each([0, 1, 300, MAX_PAYLOAD_BYTES])('round-trips %i bytes through http_ece and stays within 4096', (size) => {
    const { ecdh, auth, keys } = receiver();
    const payload = randomBytes(size);
    const body = encryptPayload(payload, keys);
    expect(body.length).toBe(encryptedSize(size));
    expect(body.length).toBeLessThanOrEqual(4096);
    expect(body.readUInt32BE(16)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(eceDecrypt(body, ecdh, auth).equals(payload)).toBe(true);
    expect(decryptPayload(body, ecdh, auth).equals(payload)).toBe(true);
  });

  it('has MAX_PAYLOAD_BYTES = 3993 and refuses one byte more with a clear error', () => {
    expect(MAX_PAYLOAD_BYTES).toBe(3993);
    expect(encryptedSize(MAX_PAYLOAD_BYTES)).toBe(4096);
    const { keys } = receiver();
    expect(() => encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES + 1), keys)).toThrow(PayloadTooLargeError);
    expect(() => encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES + 1), keys)).toThrow(/3994 bytes; the maximum is 3993/);
    expect(() => encryptPayload(Buffer.alloc(MAX_PAYLOAD_BYTES), keys, { padding: 1 })).toThrow(PayloadTooLargeError);
  });

  it('encodes strings as UTF-8 and supports zero padding', () => {
    const { ecdh, auth, keys } = receiver();
    const body = encryptPayload('héllo ✓', keys, { padding: 100 });
    expect(body.length).toBe(encryptedSize(Buffer.byteLength('héllo ✓'), 100));
    expect(eceDecrypt(body, ecdh, auth).toString('utf8')).toBe('héllo ✓');
  });

  it('uses a fresh salt and sender key for every message', () => {
    const { keys } = receiver();
    const a = encryptPayload('same', keys);
    const b = encryptPayload('same', keys);
    expect(a.equals(b)).toBe(false);
    expect(a.subarray(0, 16).equals(b.subarray(0, 16))).toBe(false);
    expect(a.subarray(21, HEADER_BYTES).equals(b.subarray(21, HEADER_BYTES))).toBe(false);
    const senders = new Set(
      Array.from({ length: 200 }, () => encryptPayload('x', keys).subarray(21, 86).toString('hex')),
    );
    expect(senders.size).toBe(200);
  });

  it('refuses malformed keys with clear errors before touching crypto', () => {
    const { keys } = receiver();
    const bad =
      (p256dh: string, auth = keys.auth) =>
      () =>
        encryptPayload('x', { p256dh, auth });
    expect(bad(keys.p256dh.slice(0, 40))).toThrow(/keys.p256dh must be 65 bytes/);
    const compressed = Buffer.from(keys.p256dh, 'base64url');
    compressed[0] = 0x02;
    expect(bad(compressed.toString('base64url'))).toThrow(/uncompressed P-256 point/);
    const offCurve = Buffer.alloc(65, 1);
    offCurve[0] = 4;
    expect(bad(offCurve.toString('base64url'))).toThrow(/not a point on the P-256 curve/);
    expect(bad(keys.p256dh, 'AAAA')).toThrow(/keys.auth must be 16 bytes/);
    expect(bad('not base64!*')).toThrow(WebPushInputError);
    expect(() => encryptPayload('x', keys, { recordSize: 10 })).toThrow(/recordSize/);
  });
});

describe('decryptPayload', () => {
  it('decrypts what http_ece encrypted, including multi-record bodies', () => {
    const ua = generateReceiverKeys();
    const sender = createECDH('prime256v1');
    sender.generateKeys();
    for (const [size, rs] of [
      [0, 4096],
      [300, 4096],
      [1000, 100],
    ] as const) {
      const payload = randomBytes(size);
      const body = ece.encrypt(payload, {
        version: 'aes128gcm',
        privateKey: sender,
        dh: ua.p256dh,
        authSecret: ua.auth,
        rs,
      });
      expect(decryptPayload(body, ua.privateKey, ua.auth).equals(payload)).toBe(true);
    }
  });

  it('fails clearly on a wrong auth secret or a corrupted body', () => {
    const ua = generateReceiverKeys();
    const body = encryptPayload('secret', { p256dh: ua.p256dh, auth: ua.auth });
    expect(() => decryptPayload(body, ua.privateKey, randomBytes(16))).toThrow(/Decryption failed/);
    const corrupt = Buffer.from(body);
    corrupt[HEADER_BYTES + 2] = (corrupt[HEADER_BYTES + 2] ?? 0) ^ 1;
    expect(() => decryptPayload(corrupt, ua.privateKey, ua.auth)).toThrow(/Decryption failed/);
    expect(() => decryptPayload(body.subarray(0, 30), ua.privateKey, ua.auth)).toThrow(WebPushInputError);
  });
});
