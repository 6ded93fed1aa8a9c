import { describe, expect, it } from 'vitest';
import { sameKey, uint8ArrayToUrlBase64, urlBase64ToUint8Array } from './base64url.ts';
import { VAPID_KEY } from './test-fakes.ts';

describe('base64url', () => {
  it('decodes a VAPID public key to 65 bytes starting with 0x04', () => {
    const bytes = urlBase64ToUint8Array(VAPID_KEY);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(65);
    expect(bytes[0]).toBe(4);
    expect(uint8ArrayToUrlBase64(bytes)).toBe(VAPID_KEY);
  });

  it('accepts url-safe characters, plain base64 and padding', () => {
    expect([...urlBase64ToUint8Array('-_8')]).toEqual([0xfb, 0xff]);
    expect([...urlBase64ToUint8Array('+/8=')]).toEqual([0xfb, 0xff]);
    expect([...urlBase64ToUint8Array('AQ')]).toEqual([1]);
    expect(urlBase64ToUint8Array('').length).toBe(0);
    expect(uint8ArrayToUrlBase64(new Uint8Array([0xfb, 0xff]))).toBe('-_8');
  });

  it('rejects invalid characters and impossible lengths', () => {
    expect(() => urlBase64ToUint8Array('ab$c')).toThrow();
    expect(() => urlBase64ToUint8Array('abcde')).toThrow();
  });

  it('compares keys byte by byte across ArrayBuffer and views', () => {
    const a = urlBase64ToUint8Array(VAPID_KEY);
    expect(sameKey(a.slice().buffer, a)).toBe(true);
    expect(sameKey(a, a.subarray(0, 64))).toBe(false);
    const changed = a.slice();
    changed[64] = (changed[64]! + 1) % 256;
    expect(sameKey(a, changed)).toBe(false);
    expect(sameKey(null, a)).toBe(false);
  });
});
