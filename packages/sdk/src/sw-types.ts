/**
 * The service-worker globals sw_pm.js uses, declared locally: the DOM and WebWorker libs disagree on `self`,
 * and fakes in tests implement only these members.
 */
import type { NotificationOptionsLike } from './notification.ts';
import type { PushManagerLike, PushSubscriptionLike } from './push-types.ts';

export interface WindowClientLike {
  readonly url: string;
  focus?(): Promise<unknown>;
}

export interface ClientsLike {
  matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<readonly WindowClientLike[]>;
  openWindow(url: string): Promise<unknown>;
  claim(): Promise<void>;
}

export interface SwRegistrationLike {
  readonly pushManager: PushManagerLike;
  showNotification(title: string, options: NotificationOptionsLike): Promise<void>;
}

export interface ExtendableEventLike {
  waitUntil(promise: Promise<unknown>): void;
}

export interface PushEventLike extends ExtendableEventLike {
  readonly data: { text(): string } | null;
}

export interface NotificationEventLike extends ExtendableEventLike {
  readonly action: string;
  readonly notification: { readonly data: unknown; close(): void };
}

export interface PushSubscriptionChangeEventLike extends ExtendableEventLike {
  readonly oldSubscription?: { readonly endpoint: string } | null;
  readonly newSubscription?: PushSubscriptionLike | null;
}

export interface SwEventMap {
  install: ExtendableEventLike;
  activate: ExtendableEventLike;
  push: PushEventLike;
  notificationclick: NotificationEventLike;
  pushsubscriptionchange: PushSubscriptionChangeEventLike;
}

export interface SwGlobalLike {
  PUSHMINE_CONFIG?: unknown;
  readonly registration: SwRegistrationLike;
  readonly clients: ClientsLike;
  readonly location: { readonly origin: string };
  readonly navigator?: { userAgent?: string; language?: string };
  readonly console?: { warn?(...args: unknown[]): void; error?(...args: unknown[]): void };
  fetch(url: string, init: object): Promise<{ ok: boolean; status: number; text(): Promise<string> }>;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof SwEventMap>(type: K, listener: (event: SwEventMap[K]) => void): void;
}
