import { assertSdkConfig, type SdkConfig } from './config.ts';
import type { Logger } from './logger.ts';

/** Validates `self.PUSHMINE_CONFIG`; on a problem logs it loudly and returns null. */
export function readConfig(value: unknown, logger: Logger): SdkConfig | null {
  if (value === undefined) {
    logger.error('self.PUSHMINE_CONFIG is missing: download this file from the Pushdeck console, do not copy dist/');
    return null;
  }
  try {
    assertSdkConfig(value);
    return value;
  } catch (error) {
    logger.error(error instanceof Error ? error.message : error);
    return null;
  }
}
