import { availableParallelism } from 'node:os';
import { MAX_PAYLOAD_BYTES } from '@pushdeck/web-push';

export interface BenchConfig {
  /** BENCH_SUBSCRIPTIONS: subscriptions, each sent one message per variant. */
  subscriptions: number;
  /** BENCH_PAYLOAD_BYTES: plaintext size of every message. */
  payloadBytes: number;
  /** BENCH_CONCURRENCY: requests in flight per sending process. */
  concurrency: number;
  /** BENCH_WARMUP: untimed messages per sending process before each measured run. */
  warmup: number;
  /** Push service instances (origins). */
  origins: number;
  cores: number;
  /** BENCH_VARIANTS: which of a, b, c, d to run (comma-separated). Default all. */
  variants: string[];
  /** BENCH_PROFILE_DIR: when set, the sender processes write V8 CPU profiles there. */
  profileDir: string | undefined;
}

/** TTL of every message (seconds). */
export const TTL_SECONDS = 60;
export const VAPID_SUBJECT = 'mailto:bench@pushdeck.invalid';

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer in ${min}..${max}, got ${text}`);
  }
  return value;
}

function variants(text: string | undefined): string[] {
  if (text === undefined || text.trim() === '') return ['a', 'b', 'c', 'd'];
  const list = text.split(',').map((v) => v.trim().toLowerCase());
  const unknown = list.filter((v) => !['a', 'b', 'c', 'd'].includes(v));
  if (unknown.length > 0) throw new Error(`BENCH_VARIANTS: unknown variant(s) ${unknown.join(', ')}; use a,b,c,d`);
  return list;
}

export function readConfig(env: NodeJS.ProcessEnv = process.env): BenchConfig {
  const profileDir = env.BENCH_PROFILE_DIR;
  return {
    subscriptions: integer(env, 'BENCH_SUBSCRIPTIONS', 20_000, 3, 1_000_000),
    payloadBytes: integer(env, 'BENCH_PAYLOAD_BYTES', 300, 24, MAX_PAYLOAD_BYTES),
    concurrency: integer(env, 'BENCH_CONCURRENCY', 64, 1, 10_000),
    warmup: integer(env, 'BENCH_WARMUP', 1500, 0, 1_000_000),
    origins: 3,
    cores: availableParallelism(),
    variants: variants(env.BENCH_VARIANTS),
    profileDir: profileDir === undefined || profileDir === '' ? undefined : profileDir,
  };
}

/** A JSON payload of exactly `bytes` bytes (ASCII) carrying the unique marker `${tag}:${index}`. */
export function payloadFor(tag: string, index: number, bytes: number): string {
  const head = `{"id":"${tag}:${index}","pad":"`;
  const tail = '"}';
  return `${head}${'x'.repeat(Math.max(0, bytes - head.length - tail.length))}${tail}`;
}

/** The marker of a payload parsed as JSON, if it has one. */
export function markerOf(json: unknown): string | undefined {
  if (json === null || typeof json !== 'object') return undefined;
  const id = (json as { id?: unknown }).id;
  return typeof id === 'string' ? id : undefined;
}
