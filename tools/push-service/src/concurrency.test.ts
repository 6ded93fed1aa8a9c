import { PushSender, type SendItem } from '@pushdeck/web-push';
import { describe, expect, it } from 'vitest';
import { clientFor, startService, vapid } from './test-helpers.ts';

describe('LocalPushService under load', () => {
  it('accepts and decrypts 2,000 messages over 3 subscriptions sent with concurrency 256', async () => {
    const service = await startService();
    const subscriptions = [1, 2, 3].map((n) => service.createSubscription({ label: `device ${n}` }));
    const pick = (n: number) => {
      const subscription = subscriptions[n % 3];
      if (!subscription) throw new Error('three subscriptions expected');
      return subscription;
    };
    const items: SendItem[] = Array.from({ length: 2000 }, (_, n) => ({
      subscription: pick(n),
      payload: JSON.stringify({ n }),
      options: { ttl: 60, vapid },
    }));
    const summary = await new PushSender(clientFor(service)).sendMany(items, { concurrency: 256 });
    expect(summary.counts.sent).toBe(2000);

    const messages = service.messages();
    expect(messages).toHaveLength(2000);
    expect(new Set(messages.map((m) => m.id)).size).toBe(2000);
    const received = messages.map((m) => {
      const { n } = m.json as { n: number };
      expect(m.subscriptionId).toBe(pick(n).id);
      return n;
    });
    expect(received.sort((a, b) => a - b)).toEqual(Array.from({ length: 2000 }, (_, n) => n));
    const stats = service.stats();
    expect(stats).toMatchObject({ received: 2000, byStatus: { 201: 2000 }, decryptFailures: 0 });
    expect(stats.sessions).toBeLessThanOrEqual(2);
  });
});
