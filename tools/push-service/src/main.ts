// CLI: node tools/push-service/src/main.ts [--port 8443] [--host 127.0.0.1] [--state ./data/push-service]
//      [--no-tls] [--max-body 4096] [--quiet]
import { parseArgs } from 'node:util';
import { LocalPushService } from './local-push-service.ts';

const { values } = parseArgs({
  allowNegative: true,
  options: {
    port: { type: 'string', default: '8443' },
    host: { type: 'string', default: '127.0.0.1' },
    state: { type: 'string', default: './data/push-service' },
    tls: { type: 'boolean', default: true },
    'max-body': { type: 'string', default: '4096' },
    quiet: { type: 'boolean', default: false },
  },
});

const service = await LocalPushService.start({
  port: Number(values.port),
  host: values.host,
  stateDir: values.state,
  tls: values.tls,
  maxBodyBytes: Number(values['max-body']),
  retainPayloads: true,
  onMessage: values.quiet
    ? undefined
    : (m) => {
        const meta = [`ttl=${m.ttl}`, `urgency=${m.urgency}`, m.topic ? `topic=${m.topic}` : ''].filter(Boolean);
        console.log(`[push] ${m.subscriptionId} ${meta.join(' ')} ${m.text.slice(0, 200)}`);
      },
});

console.log(`push service listening on ${service.origin}`);
console.log(service.caPath ? `CA certificate: ${service.caPath}` : 'cleartext (no TLS)');
console.log(
  `create a subscription: curl ${service.caPath ? `--cacert ${service.caPath} ` : ''}-X POST ${service.origin}/subscriptions`,
);

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  service.close().then(
    () => {
      console.log(`push service closed (${signal})`);
      process.exit(0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
