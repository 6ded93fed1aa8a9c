import { parseEndpoint } from '@pushdeck/web-push';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { endpointPolicy } from './delivery.ts';

const allowed = (policy: ReturnType<typeof endpointPolicy>, endpoint: string) => {
  try {
    parseEndpoint(endpoint, policy);
    return true;
  } catch {
    return false;
  }
};

describe('the server endpoint policy', () => {
  it('takes PUSHDECK_PUSH_HOSTS entries as host (port 443), host:port and *.host, and the local push path', () => {
    const config = loadConfig({ PUSHDECK_PUSH_HOSTS: ' push.example.com:8443 , *.push.example.net,Push.Example.org ' });
    expect(config.pushHosts).toEqual(['push.example.com:8443', '*.push.example.net', 'Push.Example.org']);
    const policy = endpointPolicy(config, { origin: 'https://127.0.0.1:3443', ca: '' });
    const verdicts = Object.fromEntries(
      [
        'https://push.example.com:8443/p/1',
        'https://push.example.com/p/1',
        'https://eu.push.example.net/p/1',
        'https://eu.push.example.net:8443/p/1',
        'https://push.example.org/p/1',
        'https://push.example.org:444/p/1',
        'https://127.0.0.1:3443/push/AbC_d-1',
        'https://127.0.0.1:3443/_control/reset',
        'https://127.0.0.1:3444/push/AbC_d-1',
        'https://fcm.googleapis.com/fcm/send/x',
      ].map((endpoint) => [endpoint, allowed(policy, endpoint)]),
    );
    expect(verdicts).toEqual({
      'https://push.example.com:8443/p/1': true,
      'https://push.example.com/p/1': false,
      'https://eu.push.example.net/p/1': true,
      'https://eu.push.example.net:8443/p/1': false,
      'https://push.example.org/p/1': true,
      'https://push.example.org:444/p/1': false,
      'https://127.0.0.1:3443/push/AbC_d-1': true,
      'https://127.0.0.1:3443/_control/reset': false,
      'https://127.0.0.1:3444/push/AbC_d-1': false,
      'https://fcm.googleapis.com/fcm/send/x': true,
    });
  });

  it('stops the start on an entry that is not a host, saying which and why', () => {
    for (const entry of ['https://push.example.com', 'push.example.com/push', 'user@push.example.com', '*.10.0.0.1']) {
      expect(() => loadConfig({ PUSHDECK_PUSH_HOSTS: `fcm.example.com,${entry}` }), entry).toThrow(
        `PUSHDECK_PUSH_HOSTS: Invalid push host "${entry}"`,
      );
    }
  });
});
