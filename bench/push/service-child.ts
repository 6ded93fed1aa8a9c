// The push service process: three LocalPushService instances (three origins) on 127.0.0.1, over HTTP/2 + TLS
// (HTTP/1.1 by ALPN for the web-push baseline). It decrypts and verifies every message and counts the markers.
import { LocalPushService, type ReceivedMessage } from '@pushdeck/push-service';
import { markerOf } from './config.ts';
import { type BenchSubscription, type FromService, type InitMessage, isTyped, type ToService } from './protocol.ts';
import { prepareStateDirs, removeStateDirs, type StateDirs } from './service-state.ts';

interface Tracking {
  tag: string;
  perSubscription: Map<string, number>;
  markers: Set<string>;
  delivered: number;
  duplicates: number;
  foreign: number;
  misrouted: number;
  cpu: NodeJS.CpuUsage;
}

const services: LocalPushService[] = [];
/** Subscription id → its index in the full list. */
const indexById = new Map<string, number>();
let tracking = fresh('');
let state: StateDirs | undefined;

function fresh(tag: string): Tracking {
  return {
    tag,
    perSubscription: new Map(),
    markers: new Set(),
    delivered: 0,
    duplicates: 0,
    foreign: 0,
    misrouted: 0,
    cpu: process.cpuUsage(),
  };
}

function reply(message: FromService): void {
  process.send?.(message);
}

function onMessage(m: ReceivedMessage): void {
  const t = tracking;
  t.delivered++;
  t.perSubscription.set(m.subscriptionId, (t.perSubscription.get(m.subscriptionId) ?? 0) + 1);
  const marker = markerOf(m.json);
  const prefix = `${t.tag}:`;
  if (marker === undefined || !marker.startsWith(prefix)) {
    t.foreign++;
    return;
  }
  if (t.markers.has(marker)) t.duplicates++;
  else t.markers.add(marker);
  if (indexById.get(m.subscriptionId) !== Number(marker.slice(prefix.length))) t.misrouted++;
}

async function init(message: InitMessage): Promise<void> {
  state = await prepareStateDirs(message.origins, message.subscriptions, message.applicationServerKey);
  for (const dir of state.dirs) {
    services.push(
      await LocalPushService.start({
        port: 0,
        host: '127.0.0.1',
        stateDir: dir,
        tls: true,
        retainPayloads: false,
        maxStored: 1000,
        onMessage,
        log: (line) => console.error(line),
      }),
    );
  }
  const subscriptions: BenchSubscription[] = [];
  for (const [i, service] of services.entries()) {
    const byId = new Map(service.subscriptions().map((s) => [s.id, s]));
    for (const [position, id] of (state.ids[i] ?? []).entries()) {
      const created = byId.get(id);
      if (!created) throw new Error(`subscription ${id} was not loaded by ${service.origin}`);
      const index = position * services.length + i;
      indexById.set(id, index);
      subscriptions[index] = { index, endpoint: created.endpoint, origin: service.origin, keys: created.keys };
    }
  }
  if (subscriptions.length !== message.subscriptions || subscriptions.some((s) => s === undefined)) {
    throw new Error('the push service did not load every subscription');
  }
  reply({
    type: 'ready',
    cas: [...new Set(services.map((s) => s.ca ?? ''))],
    origins: services.map((s) => s.origin),
    subscriptions,
  });
}

function summary(): FromService {
  const t = tracking;
  const byStatus: Record<string, number> = {};
  let received = 0;
  let decryptFailures = 0;
  let vapidFailures = 0;
  let sessions = 0;
  for (const service of services) {
    const stats = service.stats();
    received += stats.received;
    decryptFailures += stats.decryptFailures;
    vapidFailures += stats.vapidFailures;
    sessions += stats.sessions;
    for (const [status, n] of Object.entries(stats.byStatus)) byStatus[status] = (byStatus[status] ?? 0) + n;
  }
  let subscriptionsNotOnce = 0;
  for (const id of indexById.keys()) if (t.perSubscription.get(id) !== 1) subscriptionsNotOnce++;
  const cpu = process.cpuUsage(t.cpu);
  return {
    type: 'summary',
    summary: {
      received,
      byStatus,
      decryptFailures,
      vapidFailures,
      sessions,
      delivered: t.delivered,
      unique: t.markers.size,
      duplicates: t.duplicates,
      foreign: t.foreign,
      misrouted: t.misrouted,
      subscriptionsNotOnce,
      cpuUs: cpu.user + cpu.system,
    },
  };
}

async function handle(message: ToService): Promise<void> {
  switch (message.type) {
    case 'init':
      return init(message);
    case 'reset':
      for (const service of services) service.reset();
      tracking = fresh(message.tag);
      return reply({ type: 'reset-done' });
    case 'summary':
      return reply(summary());
    case 'close':
      await Promise.all(services.map((s) => s.close()));
      if (state) await removeStateDirs(state);
      process.disconnect();
  }
}

process.on('message', (message: unknown) => {
  if (!isTyped(message)) return;
  handle(message as ToService).catch((error: unknown) => {
    reply({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  });
});
