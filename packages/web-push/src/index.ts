export { decryptPayload, generateReceiverKeys } from './decryption.ts';
export {
  type EncryptOptions,
  encryptedSize,
  encryptPayload,
  HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
  type RawKeyPair,
  RECORD_SIZE,
  type SubscriptionKeys,
} from './encryption.ts';
export { type EndpointPolicy, KNOWN_PUSH_HOSTS, MAX_ENDPOINT_LENGTH, parseEndpoint } from './endpoint.ts';
export {
  EndpointRefusedError,
  PayloadTooLargeError,
  PushTransportError,
  type TransportErrorCode,
  WebPushInputError,
} from './errors.ts';
export { backoffMs, classify, classifyError, type FinalOutcome, type Outcome, parseRetryAfter } from './outcome.ts';
export {
  PushClient,
  type PushClientOptions,
  type PushPayload,
  type PushResponse,
  type PushSubscription,
} from './push-client.ts';
export {
  canonicalHost,
  type HostRule,
  type PushHost,
  type PushServiceRule,
  parsePushHost,
  ruleNamesOrigin,
} from './push-hosts.ts';
export {
  PushSender,
  type PushSenderOptions,
  type SendItem,
  type SendManyOptions,
  type SendManySummary,
  type SendResult,
} from './push-sender.ts';
export { DEFAULT_TTL_SECONDS, type SendOptions, type Urgency } from './send-options.ts';
export {
  createVapidAuthorization,
  DEFAULT_VAPID_EXPIRY_SECONDS,
  generateVapidKeys,
  MAX_VAPID_EXPIRY_SECONDS,
  type VapidAuthorization,
  type VapidClaims,
  type VapidDetails,
  type VapidHeaderOptions,
  type VapidKeys,
  vapidHeaders,
} from './vapid.ts';
export { VapidCache, type VapidCacheOptions } from './vapid-cache.ts';
export { VapidVerifier, type VapidVerifierOptions } from './vapid-verifier.ts';
export { type VapidVerification, type VerifiedVapidClaims, verifyVapidAuthorization } from './vapid-verify.ts';
