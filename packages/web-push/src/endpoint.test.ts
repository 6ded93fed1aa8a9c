import { describe, expect, it } from 'vitest';
import { type EndpointPolicy, KNOWN_PUSH_HOSTS, parseEndpoint } from './endpoint.ts';
import { EndpointRefusedError, WebPushInputError } from './errors.ts';
import { parsePushHost } from './push-hosts.ts';

/** What the server configures: the browsers' services, one extra host with a port, a local push service. */
const policy: EndpointPolicy = {
  allowedHosts: [
    ...KNOWN_PUSH_HOSTS,
    'push.example.com:8443',
    { host: '127.0.0.1:3443', path: /^\/push\/[A-Za-z0-9_-]{1,100}$/ },
  ],
};

const refusal = (endpoint: string, p: EndpointPolicy = policy) => {
  try {
    parseEndpoint(endpoint, p);
  } catch (error) {
    expect(error).toBeInstanceOf(EndpointRefusedError);
    return (error as Error).message;
  }
  return undefined;
};

describe('parseEndpoint', () => {
  it.each([
    'https://fcm.googleapis.com/fcm/send/dXyzAbc:APA91bH-x_y',
    'https://updates.push.services.mozilla.com/wpush/v2/gAAAAABkZ',
    'https://web.push.apple.com/QGuQyavXutnMbOTb1fB',
    'https://db5p.notify.windows.com/w/?token=BQYAAADf%2bXy%3d',
    'https://fcm.googleapis.com:443/fcm/send/x',
    'https://FCM.GoogleAPIs.com/fcm/send/x',
    'https://fcm.googleapis.com./fcm/send/x',
    'https://push.example.com:8443/p/1',
    'https://127.0.0.1:3443/push/abc_DEF-123',
  ])('accepts %s', (endpoint) => {
    expect(refusal(endpoint)).toBeUndefined();
  });

  it.each([
    // the local push service: only /push/<id>, only its own port, only its own host form
    ['https://127.0.0.1:3443/_control/reset', /not a push path of https:\/\/127\.0\.0\.1:3443/],
    ['https://127.0.0.1:3443/subscriptions', /not a push path/],
    ['https://127.0.0.1:3443/push/../_control/reset', /not a push path/],
    ['https://127.0.0.1:3443/push/%2e%2e/_control/faults', /not a push path/],
    ['https://127.0.0.1:3443/push/abc?x=1', /not a push path/],
    ['https://127.0.0.1:3443/push/abc/def', /not a push path/],
    ['https://127.0.0.1:5432/push/abc', /origin https:\/\/127\.0\.0\.1:5432 is not an allowed/],
    ['https://127.0.0.1/push/abc', /origin https:\/\/127\.0\.0\.1 is not an allowed/],
    ['https://localhost:3443/push/abc', /not an allowed push service/],
    ['https://[::1]:3443/push/abc', /not an allowed push service/],
    ['https://[::ffff:127.0.0.1]:3443/push/abc', /origin https:\/\/\[::ffff:7f00:1\]:3443 is not/],
    // loopback written every other way, on another port
    ['https://127.1:9000/x', /origin https:\/\/127\.0\.0\.1:9000 is not/],
    ['https://2130706433:9000/x', /origin https:\/\/127\.0\.0\.1:9000 is not/],
    ['https://0x7f000001:9000/x', /origin https:\/\/127\.0\.0\.1:9000 is not/],
    ['https://0177.0.0.1:9000/x', /origin https:\/\/127\.0\.0\.1:9000 is not/],
    ['https://%31%32%37.0.0.1:9000/x', /origin https:\/\/127\.0\.0\.1:9000 is not/],
    ['https://[0:0:0:0:0:0:0:1]/x', /origin https:\/\/\[::1\] is not/],
    ['https://0/x', /origin https:\/\/0\.0\.0\.0 is not/],
    // known hosts: https and the default port only, the whole host only
    ['https://fcm.googleapis.com:8443/fcm/send/x', /origin https:\/\/fcm\.googleapis\.com:8443 is not/],
    ['https://web.push.apple.com:4443/x', /not an allowed push service/],
    ['https://push.example.com/p/1', /origin https:\/\/push\.example\.com is not/],
    ['https://push.apple.com/x', /not an allowed push service/],
    ['https://fcm.googleapis.com.evil.test/x', /not an allowed push service/],
    ['https://evilfcm.googleapis.com/x', /not an allowed push service/],
    ['https://evil-push.apple.com/x', /not an allowed push service/],
    ['https://a..push.apple.com/x', /not an allowed push service/],
    ['https://xn--fcm-googleapis-com.test/x', /not an allowed push service/],
    // credentials, schemes, characters
    ['https://fcm.googleapis.com@127.0.0.1:3443/push/abc', /credentials/],
    ['https://fcm.googleapis.com:x@evil.test/', /credentials/],
    ['https://@fcm.googleapis.com/fcm/send/x', /credentials/],
    ['http://fcm.googleapis.com/fcm/send/x', /origin http:\/\/fcm\.googleapis\.com must use https/],
    ['data:text/plain,hello', /scheme data: is not supported/],
    ['javascript:alert(1)', /scheme javascript: is not supported/],
    ['file:///etc/passwd', /scheme file: is not supported/],
    [' https://fcm.googleapis.com/fcm/send/x', /spaces, control characters/],
    ['https://fcm.googleapis.com/fcm/send/x\n', /spaces, control characters/],
    ['https://127.0.0.1\t:3443/push/abc', /spaces, control characters/],
    ['https://fcm.googleapis.com\\@127.0.0.1/', /backslashes/],
    ['https://fcm.googleapis.cοm/x', /non-ASCII/],
    ['https://fcm.googleapis.com/fcm/send/x#frag', /fragment/],
    [`https://fcm.googleapis.com/fcm/send/${'a'.repeat(2100)}`, /longer than 2048/],
    ['', /not a valid URL/],
    ['not a url', /spaces|not a valid URL/],
  ])('refuses %s', (endpoint, message) => {
    expect(refusal(endpoint)).toMatch(message);
  });

  it('allows any https host when no allow-list is set, but never http outside allowInsecureOrigins', () => {
    expect(refusal('https://push.anything.test:8443/x', {})).toBeUndefined();
    expect(refusal('http://127.0.0.1:8080/x', { allowInsecureOrigins: ['http://127.0.0.1:8080'] })).toBeUndefined();
    expect(refusal('http://127.0.0.1:8081/x', { allowInsecureOrigins: ['http://127.0.0.1:8080'] })).toMatch(
      /must use https/,
    );
  });
});

describe('parsePushHost', () => {
  it.each([
    ['push.example.com', { host: 'push.example.com', wildcard: false, port: '' }],
    ['Push.Example.COM:443', { host: 'push.example.com', wildcard: false, port: '' }],
    ['push.example.com:8443', { host: 'push.example.com', wildcard: false, port: '8443' }],
    ['*.push.example.com', { host: 'push.example.com', wildcard: true, port: '' }],
    ['127.1:3443', { host: '127.0.0.1', wildcard: false, port: '3443' }],
    ['[0:0::1]:8443', { host: '[::1]', wildcard: false, port: '8443' }],
    [' bücher.example ', { host: 'xn--bcher-kva.example', wildcard: false, port: '' }],
  ])('reads %s', (entry, rule) => {
    expect(parsePushHost(entry)).toEqual(rule);
  });

  it.each([
    '',
    'https://push.example.com',
    'push.example.com/path',
    'user@push.example.com',
    'push.example.com:99999',
    'push.example.com:0',
    '*.127.0.0.1',
    '*push.example.com',
    'a..b',
  ])('refuses %j', (entry) => {
    expect(() => parsePushHost(entry)).toThrow(WebPushInputError);
    expect(() => parsePushHost(entry)).toThrow(/Invalid push host/);
  });
});
