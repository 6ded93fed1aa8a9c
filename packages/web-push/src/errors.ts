/** Bad input given to the library (keys, payload, endpoint, options). Raised before any crypto or I/O. */
export class WebPushInputError extends Error {
  override name = 'WebPushInputError';
}

/** The subscription endpoint is not a URL the policy allows: no request is ever made to it. Not retryable. */
export class EndpointRefusedError extends WebPushInputError {
  override name = 'EndpointRefusedError';
}

/** The payload does not fit in a single 4096-byte aes128gcm record. */
export class PayloadTooLargeError extends WebPushInputError {
  override name = 'PayloadTooLargeError';
  readonly size: number;
  readonly max: number;

  constructor(size: number, max: number) {
    super(`Payload is ${size} bytes; the maximum is ${max} bytes`);
    this.size = size;
    this.max = max;
  }
}

export type TransportErrorCode = 'timeout' | 'connection';

/** The request did not get a response: timeout, refused stream, connection lost or TLS failure. Retryable. */
export class PushTransportError extends Error {
  override name = 'PushTransportError';
  readonly code: TransportErrorCode;

  constructor(code: TransportErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}
