// Types for the npm `web-push` 3.6.7 package (the baseline of bench/push); only what the benchmark uses.
declare module 'web-push' {
  import type { Agent } from 'node:https';

  interface PushSubscription {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  }

  interface VapidDetails {
    subject: string;
    publicKey: string;
    privateKey: string;
  }

  interface RequestOptions {
    vapidDetails?: VapidDetails;
    TTL?: number;
    /** Must be an `https.Agent`; used for every request of this call. */
    agent?: Agent;
    timeout?: number;
    urgency?: 'very-low' | 'low' | 'normal' | 'high';
    topic?: string;
    contentEncoding?: 'aes128gcm' | 'aesgcm';
    headers?: Record<string, string>;
  }

  interface SendResult {
    statusCode: number;
    body: string;
    headers: Record<string, string | string[] | undefined>;
  }

  /** Rejection of `sendNotification` for a non-2xx answer. */
  interface WebPushError extends Error {
    statusCode: number;
    body: string;
    endpoint: string;
  }

  const webpush: {
    sendNotification(
      subscription: PushSubscription,
      payload?: string | Buffer | null,
      options?: RequestOptions,
    ): Promise<SendResult>;
    WebPushError: new (...args: never[]) => WebPushError;
  };
  export default webpush;
}
