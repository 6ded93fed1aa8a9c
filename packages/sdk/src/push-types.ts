/** The slices of the Push API the SDK uses, declared locally so fakes can stand in for them in tests. */

export type PermissionValue = 'default' | 'granted' | 'denied';

export interface PushSubscriptionLike {
  readonly endpoint: string;
  readonly options?: { readonly applicationServerKey?: ArrayBuffer | null } | undefined;
  getKey(name: 'p256dh' | 'auth'): ArrayBuffer | null;
  unsubscribe(): Promise<boolean>;
}

export interface PushManagerLike {
  getSubscription(): Promise<PushSubscriptionLike | null>;
  subscribe(options: { userVisibleOnly: true; applicationServerKey: Uint8Array }): Promise<PushSubscriptionLike>;
  /** Missing in old Safari. */
  permissionState?(options: { userVisibleOnly: true }): Promise<'granted' | 'denied' | 'prompt'>;
}

export interface RegistrationLike {
  readonly pushManager: PushManagerLike;
}

export interface ServiceWorkerContainerLike {
  register(url: string, options: { scope: string }): Promise<RegistrationLike>;
  readonly ready: Promise<RegistrationLike>;
}

export interface NotificationStaticLike {
  readonly permission: PermissionValue;
  // The callback form is what old Safari implements; current browsers return a promise.
  requestPermission(callback?: (permission: PermissionValue) => void): Promise<PermissionValue> | undefined;
}

/** The subscription as the API stores it. */
export interface SubscriptionJson {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}
