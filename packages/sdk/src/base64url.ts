/** Base64url helpers shared by the page script, the service worker and the server-side validator. */

const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/;

/** Decodes a base64url (or plain base64) string, padding optional, into bytes. Throws on invalid input. */
export function urlBase64ToUint8Array(value: string): Uint8Array {
  const trimmed = value.trim();
  const normalized = trimmed.replace(/\+/g, '-').replace(/\//g, '_');
  if (!BASE64URL.test(normalized)) throw new Error('Invalid base64url string');
  const unpadded = normalized.replace(/=+$/, '');
  if (unpadded.length % 4 === 1) throw new Error('Invalid base64url length');
  const base64 = unpadded.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (unpadded.length % 4)) % 4);
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Encodes bytes as unpadded base64url. */
export function uint8ArrayToUrlBase64(input: ArrayBuffer | ArrayBufferView): string {
  const bytes = toBytes(input);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** True when both keys hold the same bytes. `null`/`undefined` never match. */
export function sameKey(
  a: ArrayBuffer | ArrayBufferView | null | undefined,
  b: ArrayBuffer | ArrayBufferView | null | undefined,
): boolean {
  if (a == null || b == null) return false;
  const x = toBytes(a);
  const y = toBytes(b);
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i += 1) if (x[i] !== y[i]) return false;
  return true;
}

function toBytes(input: ArrayBuffer | ArrayBufferView): Uint8Array {
  if (ArrayBuffer.isView(input)) return new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
  return new Uint8Array(input);
}
