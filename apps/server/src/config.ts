import path from 'node:path';
import { parsePushHost, WebPushInputError } from '@pushdeck/web-push';
import { type HostList, hostList } from './lib/host-list.ts';

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  adminEmail: string;
  adminPassword: string;
  adminPasswordFromEnv: boolean;
  secret: string | undefined;
  seedDemo: boolean;
  staticDir: string | undefined;
  /** Serve the console's source maps (`*.map`); off by default, they answer 404. */
  serveSourceMaps: boolean;
  logLevel: string;
  cookieSecure: boolean;
  sessionTtlMinutes: number;
  runWorker: boolean;
  /** Absolute base URL of this instance as subscriber sites reach it; derived from the request when unset. */
  publicUrl: string | undefined;
  /**
   * Extra push services accepted as subscription endpoints (besides the browsers' own): `host` (https on port 443
   * only), `host:port` (that port only), `*.host` / `*.host:port` (any subdomain). Checked at start-up.
   */
  pushHosts: string[];
  /**
   * The database servers a cluster or db sub may name (PUSHDECK_CLUSTER_HOSTS, lib/host-list.ts); empty: any host.
   * Checked at start-up.
   */
  clusterHosts: HostList;
  /**
   * S3 endpoints of image storage allowed besides public hosts (PUSHDECK_S3_HOSTS): loopback, private and link-local
   * hosts are refused unless listed. Checked at start-up.
   */
  s3Hosts: HostList;
  /**
   * Webhook URLs allowed besides public https hosts (PUSHDECK_WEBHOOK_HOSTS): loopback, private and link-local hosts,
   * and http at all, are refused unless listed. Checked at start-up.
   */
  webhookHosts: HostList;
  vapidSubject: string;
  /** The local push service (tools/push-service) in-process, for the demo and offline development. */
  localPush: { enabled: boolean; port: number };
  /** Export files older than this many days are deleted (PUSHDECK_EXPORT_RETENTION_DAYS). */
  exportRetentionDays: number;
  /**
   * On a PostgreSQL server each export job runs in a worker thread whose heap is capped at this many MB
   * (PUSHDECK_EXPORT_HEAP_MB, default 64), so a file of any size keeps the process's memory flat; 0 runs exports in
   * the job worker's own thread. The embedded database (one connection) always runs them in-process.
   */
  exportHeapMb: number;
}

export const DEFAULT_ADMIN_EMAIL = 'admin@pushdeck.test';
export const DEFAULT_ADMIN_PASSWORD = 'pushdeck-admin';

function int(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${value}"`);
  return n;
}

function bool(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  return !['0', 'false', 'no', 'off'].includes(value.toLowerCase());
}

/** `PUSHDECK_PUSH_HOSTS`: comma-separated entries, each checked now so a typo stops the start with its reason. */
export function pushHostsOf(value: string | undefined): string[] {
  const entries = (value ?? '')
    .split(',')
    .map((h) => h.trim())
    .filter(Boolean);
  for (const entry of entries) {
    try {
      parsePushHost(entry);
    } catch (err) {
      if (err instanceof WebPushInputError) throw new Error(`PUSHDECK_PUSH_HOSTS: ${err.message}`);
      throw err;
    }
  }
  return entries;
}

/** Reads the environment once; every setting and its default is listed in README.md. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR || './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    adminEmail: env.PUSHDECK_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL,
    adminPassword: env.PUSHDECK_ADMIN_PASSWORD || DEFAULT_ADMIN_PASSWORD,
    adminPasswordFromEnv: Boolean(env.PUSHDECK_ADMIN_PASSWORD),
    secret: env.PUSHDECK_SECRET || undefined,
    seedDemo: bool(env.PUSHDECK_DEMO, true),
    staticDir: env.PUSHDECK_STATIC_DIR || undefined,
    serveSourceMaps: bool(env.PUSHDECK_SERVE_SOURCEMAPS, false),
    logLevel: env.LOG_LEVEL || 'info',
    cookieSecure: bool(env.COOKIE_SECURE, false),
    sessionTtlMinutes: int(env.SESSION_TTL_MINUTES, 120, 'SESSION_TTL_MINUTES'),
    runWorker: bool(env.PUSHDECK_WORKER, true),
    publicUrl: env.PUSHDECK_PUBLIC_URL?.replace(/\/+$/, '') || undefined,
    pushHosts: pushHostsOf(env.PUSHDECK_PUSH_HOSTS),
    clusterHosts: hostList(env.PUSHDECK_CLUSTER_HOSTS, 'PUSHDECK_CLUSTER_HOSTS'),
    s3Hosts: hostList(env.PUSHDECK_S3_HOSTS, 'PUSHDECK_S3_HOSTS'),
    webhookHosts: hostList(env.PUSHDECK_WEBHOOK_HOSTS, 'PUSHDECK_WEBHOOK_HOSTS'),
    vapidSubject: env.PUSHDECK_VAPID_SUBJECT || `mailto:${env.PUSHDECK_ADMIN_EMAIL || DEFAULT_ADMIN_EMAIL}`,
    localPush: {
      enabled: bool(env.PUSHDECK_LOCAL_PUSH, bool(env.PUSHDECK_DEMO, true)),
      port: int(env.PUSHDECK_LOCAL_PUSH_PORT, int(env.PORT, 3000, 'PORT') + 443, 'PUSHDECK_LOCAL_PUSH_PORT'),
    },
    exportRetentionDays: Math.max(1, int(env.PUSHDECK_EXPORT_RETENTION_DAYS, 7, 'PUSHDECK_EXPORT_RETENTION_DAYS')),
    // below 32 MB a thread cannot even start (V8 stops the whole process): 0 is off, anything else at least 32
    exportHeapMb: ((mb) => (mb <= 0 ? 0 : Math.max(32, mb)))(
      int(env.PUSHDECK_EXPORT_HEAP_MB, 64, 'PUSHDECK_EXPORT_HEAP_MB'),
    ),
  };
}
