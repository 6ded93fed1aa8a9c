import { type DeviceType, parseUserAgent } from './user-agent.ts';

/** The subscriber fields the browser can tell about itself (no URLs). */
export interface SubscriberEnvironment {
  device: DeviceType;
  os: string;
  browser: string;
  resolution: string;
  language: string;
  timezone: string;
}

export interface EnvironmentSource {
  navigator?: { userAgent?: string; language?: string; maxTouchPoints?: number } | undefined;
  screen?: { width: number; height: number } | undefined;
  timeZone?: () => string | undefined;
}

/** Reads device/os/browser/resolution/language/timezone; missing sources give '' (a service worker has no screen). */
export function collectEnvironment(source: EnvironmentSource): SubscriberEnvironment {
  const nav = source.navigator;
  const parsed = parseUserAgent(nav?.userAgent ?? '', nav?.maxTouchPoints ?? 0);
  const screen = source.screen;
  return {
    ...parsed,
    resolution: screen && screen.width > 0 ? `${screen.width}x${screen.height}` : '',
    language: nav?.language ?? '',
    timezone: readTimeZone(source.timeZone ?? defaultTimeZone),
  };
}

function defaultTimeZone(): string | undefined {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

function readTimeZone(read: () => string | undefined): string {
  try {
    return read() ?? '';
  } catch {
    return '';
  }
}
