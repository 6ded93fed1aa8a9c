import { createECDH, type ECDH, randomBytes } from 'node:crypto';
import { mkdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { generateReceiverKeys } from '@pushdeck/web-push';
import { writeFileAtomic } from './atomic-write.ts';
import type { SubscriptionOptions } from './types.ts';

/** What is persisted per subscription, private key included (this service plays the browser). */
export interface SubscriptionRecord {
  id: string;
  label?: string;
  keys: { p256dh: string; auth: string };
  privateKey: string;
  applicationServerKey?: string;
  createdAt: string;
  removed: boolean;
}

export const STATE_FILE = 'subscriptions.json';
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;
const MAX_LABEL = 200;

/** Bad input for a subscription (answered 400 over HTTP). */
export class SubscriptionInputError extends Error {
  override name = 'SubscriptionInputError';
}

/** Canonical base64url of a 65-byte uncompressed P-256 point, or undefined when `value` is not one. */
export function canonicalP256Key(value: string): string | undefined {
  if (!BASE64URL.test(value.replace(/[+/]/g, '_'))) return undefined;
  const bytes = Buffer.from(value, 'base64url');
  return bytes.length === 65 && bytes[0] === 0x04 ? bytes.toString('base64url') : undefined;
}

function isRecord(value: unknown): value is SubscriptionRecord {
  if (value === null || typeof value !== 'object') return false;
  const r = value as Partial<SubscriptionRecord>;
  return (
    typeof r.id === 'string' &&
    typeof r.privateKey === 'string' &&
    typeof r.keys?.p256dh === 'string' &&
    typeof r.keys.auth === 'string' &&
    typeof r.createdAt === 'string' &&
    typeof r.removed === 'boolean'
  );
}

/** Subscriptions by id, written to `<stateDir>/subscriptions.json` (temp file + rename) on every change. */
export class SubscriptionStore {
  readonly #records = new Map<string, SubscriptionRecord>();
  readonly #receivers = new Map<string, ECDH>();
  readonly #file: string | undefined;

  private constructor(file: string | undefined) {
    this.#file = file;
  }

  static async open(stateDir: string | undefined): Promise<SubscriptionStore> {
    if (stateDir === undefined) return new SubscriptionStore(undefined);
    await mkdir(stateDir, { recursive: true });
    const store = new SubscriptionStore(join(stateDir, STATE_FILE));
    let text: string | undefined;
    try {
      text = await readFile(join(stateDir, STATE_FILE), 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
    if (text !== undefined) {
      const parsed: unknown = JSON.parse(text);
      const list = (parsed as { subscriptions?: unknown } | null)?.subscriptions;
      if (!Array.isArray(list)) throw new Error(`${STATE_FILE} has no subscriptions array`);
      for (const record of list) {
        if (!isRecord(record)) throw new Error(`${STATE_FILE} holds an invalid subscription`);
        store.#records.set(record.id, record);
      }
    }
    return store;
  }

  create(opts: SubscriptionOptions = {}): SubscriptionRecord {
    const { label, applicationServerKey } = opts;
    if (label !== undefined && (typeof label !== 'string' || label.length > MAX_LABEL)) {
      throw new SubscriptionInputError(`label must be a string of at most ${MAX_LABEL} characters`);
    }
    let serverKey: string | undefined;
    if (applicationServerKey !== undefined) {
      serverKey = typeof applicationServerKey === 'string' ? canonicalP256Key(applicationServerKey) : undefined;
      if (!serverKey) throw new SubscriptionInputError('applicationServerKey must be a base64url 65-byte P-256 point');
    }
    const { privateKey, p256dh, auth } = generateReceiverKeys();
    const record: SubscriptionRecord = {
      id: randomBytes(16).toString('base64url'),
      ...(label !== undefined ? { label } : {}),
      keys: { p256dh, auth },
      privateKey,
      ...(serverKey ? { applicationServerKey: serverKey } : {}),
      createdAt: new Date().toISOString(),
      removed: false,
    };
    this.#records.set(record.id, record);
    this.#save();
    return record;
  }

  /** Marks a subscription removed (later pushes get 410). False when the id is unknown. */
  remove(id: string): boolean {
    const record = this.#records.get(id);
    if (!record) return false;
    if (!record.removed) {
      record.removed = true;
      this.#receivers.delete(id);
      this.#save();
    }
    return true;
  }

  get(id: string): SubscriptionRecord | undefined {
    return this.#records.get(id);
  }

  list(): SubscriptionRecord[] {
    return [...this.#records.values()];
  }

  /** The subscription's ECDH key, imported once (decryptPayload accepts it as the receiver private key). */
  receiverKey(record: SubscriptionRecord): ECDH {
    let ecdh = this.#receivers.get(record.id);
    if (!ecdh) {
      ecdh = createECDH('prime256v1');
      ecdh.setPrivateKey(Buffer.from(record.privateKey, 'base64url'));
      this.#receivers.set(record.id, ecdh);
    }
    return ecdh;
  }

  #save(): void {
    if (this.#file === undefined) return;
    writeFileAtomic(this.#file, `${JSON.stringify({ version: 1, subscriptions: this.list() }, null, 2)}\n`);
  }
}
