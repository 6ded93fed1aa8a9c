import type { Logger } from './logger.ts';
import type { PushmineApi } from './pushmine-client.ts';

/** `['triggerPushEvent', 'signup']`, `['identify', 'user-42']`, or a function called with the API once it is ready. */
export type PushmineCommand = readonly [string, ...unknown[]] | ((api: PushmineApi) => unknown);

/** `window.pushmine` after load: the API, plus `push` so the pre-load snippet keeps working. */
export interface InstalledPushmine extends PushmineApi {
  readonly installed: true;
  push(...commands: PushmineCommand[]): number;
}

export function isInstalled(value: unknown): value is InstalledPushmine {
  return typeof value === 'object' && value !== null && (value as { installed?: unknown }).installed === true;
}

/** Runs one queued command; problems are logged, never thrown. */
export function runCommand(api: PushmineApi, command: unknown, logger: Logger): void {
  try {
    if (typeof command === 'function') {
      settle(command(api), logger);
      return;
    }
    if (!Array.isArray(command) || typeof command[0] !== 'string') {
      logger.error('ignored a queued command that is neither [method, ...args] nor a function:', command);
      return;
    }
    const [method, ...args] = command as [string, ...unknown[]];
    switch (method) {
      case 'subscribe':
        settle(api.subscribe(), logger);
        return;
      case 'unsubscribe':
        settle(api.unsubscribe(), logger);
        return;
      case 'identify':
        settle(api.identify(args[0] as string), logger);
        return;
      case 'getSubscription':
        settle(api.getSubscription(), logger);
        return;
      case 'triggerPushEvent':
        settle(api.triggerPushEvent(typeof args[0] === 'string' ? args[0] : '', args[1] as never), logger);
        return;
      default:
        logger.error(`unknown command "${method}"`);
    }
  } catch (error) {
    logger.error('a queued command failed:', error);
  }
}

/** Runs the commands queued before the script loaded, each once, in order. Returns how many ran. */
export function processQueue(queue: unknown, api: PushmineApi, logger: Logger): number {
  if (!Array.isArray(queue)) return 0;
  const commands = queue.splice(0, queue.length);
  for (const command of commands) runCommand(api, command, logger);
  return commands.length;
}

/** Wraps the API as the object assigned to `window.pushmine`. */
export function installable(api: PushmineApi, logger: Logger): InstalledPushmine {
  let count = 0;
  return {
    installed: true,
    subscribe: () => api.subscribe(),
    unsubscribe: () => api.unsubscribe(),
    triggerPushEvent: (eventName: string, delay?: never) => api.triggerPushEvent(eventName, delay),
    getSubscription: () => api.getSubscription(),
    identify: (id: string) => api.identify(id),
    push(...commands) {
      for (const command of commands) runCommand(api, command, logger);
      count += commands.length;
      return count;
    },
  };
}

function settle(value: unknown, logger: Logger): void {
  if (typeof value === 'object' && value !== null && typeof (value as Promise<unknown>).then === 'function') {
    (value as Promise<unknown>).then(undefined, (error: unknown) => logger.error('a queued command failed:', error));
  }
}
