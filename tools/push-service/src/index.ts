export type { Fault } from './faults.ts';
export { LocalPushService } from './local-push-service.ts';
export type {
  CreatedSubscription,
  FaultSpec,
  LocalPushServiceOptions,
  PushServiceStats,
  ReceivedMessage,
  SubscriptionInfo,
  SubscriptionOptions,
} from './types.ts';
