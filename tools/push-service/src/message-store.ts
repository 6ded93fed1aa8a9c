import type { ReceivedMessage } from './types.ts';

const EMPTY = Buffer.alloc(0);

/** Accepted messages, oldest first, capped at `maxStored`; optionally without their payloads. */
export class MessageStore {
  readonly #messages = new Map<string, ReceivedMessage>();
  /** `${subscriptionId}\n${topic}` → id of the latest message with that topic. */
  readonly #topics = new Map<string, string>();
  readonly #maxStored: number;
  readonly #retainPayloads: boolean;

  constructor(opts: { maxStored: number; retainPayloads: boolean }) {
    this.#maxStored = opts.maxStored;
    this.#retainPayloads = opts.retainPayloads;
  }

  /** Stores a message; sets `replacedTopic` when a stored message of the subscription has the same topic. */
  add(message: ReceivedMessage): ReceivedMessage {
    if (message.topic !== undefined) {
      const key = `${message.subscriptionId}\n${message.topic}`;
      const earlier = this.#topics.get(key);
      if (earlier !== undefined && this.#messages.has(earlier)) message.replacedTopic = true;
      this.#topics.set(key, message.id);
    }
    const stored: ReceivedMessage = this.#retainPayloads ? message : { ...message, payload: EMPTY, text: '' };
    if (!this.#retainPayloads) delete stored.json;
    this.#messages.set(stored.id, stored);
    while (this.#messages.size > this.#maxStored) this.#dropOldest();
    return stored;
  }

  get(id: string): ReceivedMessage | undefined {
    return this.#messages.get(id);
  }

  delete(id: string): boolean {
    return this.#messages.delete(id);
  }

  list(subscriptionId?: string): ReceivedMessage[] {
    const all = [...this.#messages.values()];
    return subscriptionId === undefined ? all : all.filter((m) => m.subscriptionId === subscriptionId);
  }

  get size(): number {
    return this.#messages.size;
  }

  clear(): void {
    this.#messages.clear();
    this.#topics.clear();
  }

  #dropOldest(): void {
    const oldest = this.#messages.values().next().value;
    if (!oldest) return;
    this.#messages.delete(oldest.id);
    if (oldest.topic === undefined) return;
    const key = `${oldest.subscriptionId}\n${oldest.topic}`;
    if (this.#topics.get(key) === oldest.id) this.#topics.delete(key);
  }
}
