import { createDecipheriv, createECDH, type ECDH, randomBytes } from 'node:crypto';
import { decodeBase64Url } from './base64url.ts';
import { deriveKeyAndNonce } from './encryption.ts';
import { WebPushInputError } from './errors.ts';

const TAG_BYTES = 16;

function receiverEcdh(privateKey: ECDH | string | Buffer): ECDH {
  if (typeof privateKey === 'string' || Buffer.isBuffer(privateKey)) {
    const ecdh = createECDH('prime256v1');
    try {
      ecdh.setPrivateKey(decodeBase64Url(privateKey, 'receiver private key', 32));
    } catch (error) {
      if (error instanceof WebPushInputError) throw error;
      throw new WebPushInputError('receiver private key is not a valid P-256 private key');
    }
    return ecdh;
  }
  return privateKey;
}

function recordNonce(base: Uint8Array, sequence: number): Buffer {
  const nonce = Buffer.from(base);
  nonce.writeUInt32BE((nonce.readUInt32BE(8) ^ sequence) >>> 0, 8);
  return nonce;
}

/** Removes the delimiter and zero padding of one record (RFC 8188 §2). */
function unpad(record: Buffer, last: boolean): Buffer {
  let i = record.length - 1;
  while (i >= 0 && record[i] === 0) i--;
  const expected = last ? 0x02 : 0x01;
  if (i < 0 || record[i] !== expected) {
    throw new WebPushInputError(`Invalid record padding: expected delimiter 0x0${expected}`);
  }
  return record.subarray(0, i);
}

/**
 * Decrypts an aes128gcm Web Push body (RFC 8291) with the user agent's private key (an ECDH object,
 * or the raw 32-byte scalar) and 16-byte auth secret. Used by the local push service and the tests.
 */
export function decryptPayload(
  body: Buffer | Uint8Array,
  receiverPrivateKey: ECDH | string | Buffer,
  auth: string | Buffer,
): Buffer {
  const data = Buffer.isBuffer(body) ? body : Buffer.from(body);
  const authSecret = decodeBase64Url(auth, 'auth', 16);
  if (data.length < 21) throw new WebPushInputError('Encrypted body is shorter than the aes128gcm header');
  const salt = data.subarray(0, 16);
  const rs = data.readUInt32BE(16);
  const idLength = data[20] ?? 0;
  if (idLength !== 65) throw new WebPushInputError(`keyid must be the 65-byte sender public key, got ${idLength}`);
  if (rs <= TAG_BYTES + 1) throw new WebPushInputError(`Invalid record size ${rs}`);
  const headerLength = 21 + idLength;
  if (data.length <= headerLength + TAG_BYTES) throw new WebPushInputError('Encrypted body has no record');
  const senderPublicKey = data.subarray(21, headerLength);

  const ecdh = receiverEcdh(receiverPrivateKey);
  let sharedSecret: Buffer;
  try {
    sharedSecret = ecdh.computeSecret(senderPublicKey);
  } catch {
    throw new WebPushInputError('keyid is not a point on the P-256 curve');
  }
  const { key, nonce } = deriveKeyAndNonce(sharedSecret, authSecret, ecdh.getPublicKey(), senderPublicKey, salt);

  const parts: Buffer[] = [];
  let start = headerLength;
  for (let sequence = 0; start < data.length; sequence++) {
    const end = Math.min(start + rs, data.length);
    if (end - start <= TAG_BYTES) throw new WebPushInputError(`Record ${sequence} is too short`);
    const decipher = createDecipheriv('aes-128-gcm', key, recordNonce(nonce, sequence));
    decipher.setAuthTag(data.subarray(end - TAG_BYTES, end));
    let plain: Buffer;
    try {
      plain = Buffer.concat([decipher.update(data.subarray(start, end - TAG_BYTES)), decipher.final()]);
    } catch {
      throw new WebPushInputError('Decryption failed: wrong key or auth secret, or corrupted body');
    }
    parts.push(unpad(plain, end === data.length));
    start = end;
  }
  return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
}

/** A user agent's key material, as a browser would create it for a subscription (tests, local push service). */
export function generateReceiverKeys(): { privateKey: string; p256dh: string; auth: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    // getPrivateKey() drops leading zero bytes; left-pad the scalar to 32 bytes.
    privateKey: Buffer.concat([Buffer.alloc(32), ecdh.getPrivateKey()])
      .subarray(-32)
      .toString('base64url'),
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}
