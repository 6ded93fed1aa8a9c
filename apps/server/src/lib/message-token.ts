import { createHmac, hkdfSync } from 'node:crypto';
import { safeEqual } from './crypto.ts';

/**
 * The opaque `m` a push payload carries: the ledger row id and a MAC, so delivered/clicked pings cannot be
 * forged for other messages to inflate statistics.
 */
export class MessageTokens {
  private readonly key: Buffer;
  constructor(secret: string) {
    this.key = Buffer.from(hkdfSync('sha256', secret, 'pushdeck', 'message-token-v1', 32));
  }

  private mac(id: string): string {
    return createHmac('sha256', this.key).update(id).digest('base64url').slice(0, 16);
  }

  issue(ledgerId: number): string {
    const id = ledgerId.toString(36);
    return `${id}.${this.mac(id)}`;
  }

  /** The ledger id, or null for anything forged or malformed. */
  read(token: string): number | null {
    const [id, mac] = token.split('.');
    if (!id || !mac || !/^[0-9a-z]{1,12}$/.test(id) || !safeEqual(mac, this.mac(id))) return null;
    const n = Number.parseInt(id, 36);
    return Number.isSafeInteger(n) && n > 0 ? n : null;
  }
}
