import { request } from 'node:https';
import { describe, expect, it } from 'vitest';
import { LocalPushService } from './local-push-service.ts';

function status(url: string, ca: string[]): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'GET', ca }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('LocalPushService certificates', () => {
  it('lets one client trust several services at once', async () => {
    const a = await LocalPushService.start({ log: () => {} });
    const b = await LocalPushService.start({ log: () => {} });
    try {
      const cas = [a.ca!, b.ca!];
      // any HTTP answer means the TLS handshake succeeded with both CAs given together
      expect(await status(`${a.origin}/`, cas)).toBeGreaterThan(0);
      expect(await status(`${b.origin}/`, cas)).toBeGreaterThan(0);
      await expect(status(`${b.origin}/`, [a.ca!])).rejects.toThrow(/self-signed|certificate/i);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
