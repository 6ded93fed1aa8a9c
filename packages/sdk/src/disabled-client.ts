import type { Logger } from './logger.ts';
import type { PushmineClient } from './pushmine-client.ts';

/** Stands in for the client when the configuration is missing, so host-page calls never throw. */
export function createDisabledClient(logger: Logger): PushmineClient {
  const refuse = () => {
    logger.error('not configured (see the PUSHMINE_CONFIG error above)');
  };
  return {
    start: async () => ({ status: 'error' }),
    subscribe: async () => {
      refuse();
      return { status: 'error' };
    },
    unsubscribe: async () => {
      refuse();
      return false;
    },
    triggerPushEvent: async () => {
      refuse();
      return false;
    },
    identify: async () => {
      refuse();
      return false;
    },
    getSubscription: async () => null,
  };
}
