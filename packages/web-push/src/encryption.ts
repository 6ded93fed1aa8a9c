import {
  createCipheriv,
  createECDH,
  createSecretKey,
  type ECDH,
  hkdfSync,
  type KeyObject,
  randomBytes,
} from 'node:crypto';
import { decodeBase64Url, decodeP256Point } from './base64url.ts';
import { PayloadTooLargeError, WebPushInputError } from './errors.ts';

/** Record size written in the header (RFC 8188 `rs`); push services accept at most 4096 bytes of body. */
export const RECORD_SIZE = 4096;
/** salt(16) ‖ rs(4) ‖ idlen(1) ‖ keyid = sender public key(65). */
export const HEADER_BYTES = 86;
const TAG_BYTES = 16;
const MAX_BODY_BYTES = 4096;
/** Largest payload whose encrypted body still fits in 4096 bytes: 4096 − 86 − 16 − 1 = 3993. */
export const MAX_PAYLOAD_BYTES = MAX_BODY_BYTES - HEADER_BYTES - TAG_BYTES - 1;

export interface SubscriptionKeys {
  /** base64url, 65-byte uncompressed P-256 point of the user agent. */
  p256dh: string;
  /** base64url, 16-byte authentication secret. */
  auth: string;
}

export interface RawKeyPair {
  /** 65-byte uncompressed P-256 point (base64url or bytes). */
  publicKey: string | Buffer;
  /** 32-byte private scalar (base64url or bytes). */
  privateKey: string | Buffer;
}

export interface EncryptOptions {
  /** 16 bytes; random by default. Only for test vectors. */
  salt?: string | Buffer;
  /** Sender ECDH key pair; a fresh one per message by default (RFC 8291 requires it). Only for test vectors. */
  senderKeys?: RawKeyPair;
  /** `rs` header value; the payload must still fit in one record. Default 4096. */
  recordSize?: number;
  /** Zero bytes appended after the delimiter to hide the payload length. Default 0. */
  padding?: number;
}

/** Size of the encrypted body for a payload of `plainBytes` bytes (plus optional zero padding). */
export function encryptedSize(plainBytes: number, padding = 0): number {
  return HEADER_BYTES + plainBytes + 1 + padding + TAG_BYTES;
}

const CEK_INFO = Buffer.from('Content-Encoding: aes128gcm\0');
const NONCE_INFO = Buffer.from('Content-Encoding: nonce\0');
const WEBPUSH_INFO = Buffer.from('WebPush: info\0');
// Delimiter 0x02 followed by as many zero bytes as any padding can need.
const DELIMITER_AND_PADDING = Buffer.alloc(1 + MAX_PAYLOAD_BYTES);
DELIMITER_AND_PADDING[0] = 0x02;

// Randomness is drawn in blocks: one randomBytes call feeds many messages (salt + private scalar each).
const RANDOM_BLOCK = 48 * 256;
let randomPool = Buffer.alloc(0);
let randomOffset = 0;
function takeRandom(length: number): Buffer {
  if (randomOffset + length > randomPool.length) {
    randomPool = randomBytes(RANDOM_BLOCK);
    randomOffset = 0;
  }
  const out = randomPool.subarray(randomOffset, randomOffset + length);
  randomOffset += length;
  return out;
}

// One ECDH object, re-keyed for every message: setPrivateKey(random d) is ~3x cheaper than generateKeys()
// and still yields a fresh, uniformly random key pair per message. Safe because encryption is synchronous.
const senderEcdh: ECDH = createECDH('prime256v1');
function freshSenderKey(): void {
  for (;;) {
    const d = takeRandom(32);
    try {
      senderEcdh.setPrivateKey(d);
      return;
    } catch {
      // d was 0 or ≥ the group order (probability ~2^-32): draw again.
    } finally {
      d.fill(0);
    }
  }
}

function useGivenSenderKey(keys: RawKeyPair): ECDH {
  const ecdh = createECDH('prime256v1');
  const publicKey = decodeP256Point(keys.publicKey, 'senderKeys.publicKey');
  try {
    ecdh.setPrivateKey(decodeBase64Url(keys.privateKey, 'senderKeys.privateKey', 32));
  } catch (error) {
    if (error instanceof WebPushInputError) throw error;
    throw new WebPushInputError('senderKeys.privateKey is not a valid P-256 private key');
  }
  if (!ecdh.getPublicKey().equals(publicKey)) {
    throw new WebPushInputError('senderKeys.publicKey does not match senderKeys.privateKey');
  }
  return ecdh;
}

/**
 * Derives the content-encryption key and nonce (RFC 8291 §3.4, RFC 8188 §2.2). Secrets are wrapped as
 * KeyObjects first: Node 24's hkdfSync and createCipheriv are 2–6x slower when handed raw buffers.
 */
export function deriveKeyAndNonce(
  sharedSecret: Buffer,
  auth: Buffer,
  receiverPublicKey: Buffer,
  senderPublicKey: Buffer,
  salt: Buffer,
): { key: KeyObject; nonce: Uint8Array } {
  const keyInfo = Buffer.allocUnsafe(WEBPUSH_INFO.length + 130);
  WEBPUSH_INFO.copy(keyInfo, 0);
  receiverPublicKey.copy(keyInfo, WEBPUSH_INFO.length);
  senderPublicKey.copy(keyInfo, WEBPUSH_INFO.length + 65);
  const ikm = createSecretKey(new Uint8Array(hkdfSync('sha256', createSecretKey(sharedSecret), auth, keyInfo, 32)));
  return {
    key: createSecretKey(new Uint8Array(hkdfSync('sha256', ikm, salt, CEK_INFO, 16))),
    nonce: new Uint8Array(hkdfSync('sha256', ikm, salt, NONCE_INFO, 12)),
  };
}

function toBytes(payload: Buffer | Uint8Array | string): Buffer {
  if (typeof payload === 'string') return Buffer.from(payload, 'utf8');
  if (payload instanceof Uint8Array) return Buffer.isBuffer(payload) ? payload : Buffer.from(payload);
  throw new WebPushInputError('payload must be a Buffer, Uint8Array or string');
}

/** Encrypts a payload for one subscription: RFC 8291 with the aes128gcm content coding, one record. */
export function encryptPayload(
  payload: Buffer | Uint8Array | string,
  keys: SubscriptionKeys,
  opts: EncryptOptions = {},
): Buffer {
  const plaintext = toBytes(payload);
  if (keys === null || typeof keys !== 'object') throw new WebPushInputError('keys must be {p256dh, auth}');
  const receiverPublicKey = decodeP256Point(keys.p256dh, 'keys.p256dh');
  const auth = decodeBase64Url(keys.auth, 'keys.auth', 16);
  const padding = opts.padding ?? 0;
  if (!Number.isInteger(padding) || padding < 0) throw new WebPushInputError('padding must be a non-negative integer');
  const total = encryptedSize(plaintext.length, padding);
  if (total > MAX_BODY_BYTES) throw new PayloadTooLargeError(plaintext.length + padding, MAX_PAYLOAD_BYTES);
  const rs = opts.recordSize ?? RECORD_SIZE;
  if (!Number.isInteger(rs) || rs > 0xffffffff || rs < total - HEADER_BYTES) {
    throw new WebPushInputError(`recordSize must be an integer ≥ ${total - HEADER_BYTES} (one record) and < 2^32`);
  }
  const salt = opts.salt === undefined ? takeRandom(16) : decodeBase64Url(opts.salt, 'salt', 16);

  let ecdh = senderEcdh;
  if (opts.senderKeys) ecdh = useGivenSenderKey(opts.senderKeys);
  else freshSenderKey();
  let sharedSecret: Buffer;
  try {
    sharedSecret = ecdh.computeSecret(receiverPublicKey);
  } catch {
    throw new WebPushInputError('keys.p256dh is not a point on the P-256 curve');
  }
  const senderPublicKey = ecdh.getPublicKey();
  const { key, nonce } = deriveKeyAndNonce(sharedSecret, auth, receiverPublicKey, senderPublicKey, salt);

  const body = Buffer.allocUnsafe(total);
  salt.copy(body, 0);
  body.writeUInt32BE(rs, 16);
  body[20] = 65;
  senderPublicKey.copy(body, 21);
  const cipher = createCipheriv('aes-128-gcm', key, nonce);
  let offset = HEADER_BYTES;
  offset += cipher.update(plaintext).copy(body, offset);
  offset += cipher.update(DELIMITER_AND_PADDING.subarray(0, 1 + padding)).copy(body, offset);
  offset += cipher.final().copy(body, offset);
  cipher.getAuthTag().copy(body, offset);
  return body;
}
