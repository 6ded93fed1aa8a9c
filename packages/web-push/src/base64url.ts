import { WebPushInputError } from './errors.ts';

// base64url (RFC 4648 §5); standard base64 characters and trailing padding are tolerated, since some
// browsers and libraries emit them. Anything else is refused rather than silently skipped by Buffer.from.
const BASE64ISH = /^[A-Za-z0-9_\-+/]*={0,2}$/;

/** Decodes a base64url string or passes a Buffer through, checking the decoded length when one is given. */
export function decodeBase64Url(value: string | Buffer, what: string, expectedLength?: number): Buffer {
  let bytes: Buffer;
  if (Buffer.isBuffer(value)) {
    bytes = value;
  } else if (typeof value === 'string' && BASE64ISH.test(value)) {
    bytes = Buffer.from(value, 'base64url');
  } else {
    throw new WebPushInputError(`${what} must be a base64url string`);
  }
  if (expectedLength !== undefined && bytes.length !== expectedLength) {
    throw new WebPushInputError(`${what} must be ${expectedLength} bytes, got ${bytes.length}`);
  }
  return bytes;
}

/** An uncompressed P-256 point: 0x04 ‖ x(32) ‖ y(32). Curve membership is checked where the point is used. */
export function decodeP256Point(value: string | Buffer, what: string): Buffer {
  const point = decodeBase64Url(value, what, 65);
  if (point[0] !== 0x04) throw new WebPushInputError(`${what} must be an uncompressed P-256 point (0x04 prefix)`);
  return point;
}
