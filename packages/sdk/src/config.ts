import { urlBase64ToUint8Array } from './base64url.ts';

/** The per-website configuration the server prepends to the built scripts as `self.PUSHMINE_CONFIG = {…};`. */
export interface SdkConfig {
  websiteId: string;
  /** Uncompressed P-256 public key (65 bytes), base64url. */
  vapidPublicKey: string;
  /** Absolute http(s) base of the public endpoints, e.g. https://pushdeck.example.com/api/public/v1 */
  apiBase: string;
  /** Path of the service worker on the subscriber site, e.g. /sw_pm.js */
  swPath: string;
  autoPrompt: boolean;
}

const CONFIG_KEYS = ['websiteId', 'vapidPublicKey', 'apiBase', 'swPath', 'autoPrompt'] as const;

/** Throws an Error naming the first problem when `value` is not a valid SdkConfig. */
export function assertSdkConfig(value: unknown): asserts value is SdkConfig {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error('PUSHMINE_CONFIG must be an object');
  }
  const record = value as Record<string, unknown>;
  const { websiteId, vapidPublicKey, apiBase, swPath, autoPrompt } = record;
  if (typeof websiteId !== 'string' || websiteId.trim() === '') fail('websiteId must be a non-empty string');
  if (typeof vapidPublicKey !== 'string' || !isVapidPublicKey(vapidPublicKey)) {
    fail('vapidPublicKey must be a base64url uncompressed P-256 public key (65 bytes)');
  }
  if (typeof apiBase !== 'string' || !isHttpUrl(apiBase)) fail('apiBase must be an absolute http(s) URL');
  if (typeof swPath !== 'string' || !swPath.startsWith('/') || swPath.startsWith('//')) {
    fail('swPath must be a path starting with "/"');
  }
  if (typeof autoPrompt !== 'boolean') fail('autoPrompt must be a boolean');
}

/** Copies only the known keys (so a config object with extra fields renders predictably). */
export function pickSdkConfig(config: SdkConfig): SdkConfig {
  const picked: Record<string, unknown> = {};
  for (const key of CONFIG_KEYS) picked[key] = config[key];
  return picked as unknown as SdkConfig;
}

/** Joins the api base and an endpoint name without doubling slashes. */
export function endpointUrl(config: Pick<SdkConfig, 'apiBase'>, endpoint: string): string {
  return `${config.apiBase.replace(/\/+$/, '')}/${endpoint}`;
}

function isVapidPublicKey(value: string): boolean {
  try {
    const bytes = urlBase64ToUint8Array(value);
    return bytes.length === 65 && bytes[0] === 4;
  } catch {
    return false;
  }
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

function fail(message: string): never {
  throw new Error(`Invalid PUSHMINE_CONFIG: ${message}`);
}
