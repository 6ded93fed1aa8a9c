// One sending process: prepares its share of the subscriptions, warms up, waits for `go`, sends, reports.
import { performance } from 'node:perf_hooks';
import { payloadFor } from './config.ts';
import { type FromSender, isTyped, type PrepareMessage, type ToSender } from './protocol.ts';
import { type Batch, createSender, type Outcome, type Sender } from './senders.ts';

let sender: Sender | undefined;
let measured: (() => Promise<Outcome>) | undefined;

/** Resolves once the message has been handed to the IPC channel (so a disconnect right after cannot drop it). */
function reply(message: FromSender): Promise<void> {
  return new Promise((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, {}, () => resolve());
  });
}

const nowMs = () => performance.timeOrigin + performance.now();

async function prepare(message: PrepareMessage): Promise<void> {
  const { subscriptions, payloadBytes, tag } = message;
  sender = createSender(message.variant, { cas: message.cas, vapid: message.vapid, concurrency: message.concurrency });
  const warm = subscriptions.slice(0, Math.min(message.warmup, subscriptions.length));
  if (warm.length > 0) {
    const warmBatch: Batch = {
      subscriptions: warm,
      payloads: warm.map((s) => payloadFor(`warm-${tag}`, s.index, payloadBytes)),
    };
    const result = await sender.job(warmBatch)();
    if (result.failed > 0) throw new Error(`warm-up failed: ${JSON.stringify(result.failures)}`);
  }
  measured = sender.job({ subscriptions, payloads: subscriptions.map((s) => payloadFor(tag, s.index, payloadBytes)) });
  await reply({ type: 'ready' });
}

async function go(): Promise<void> {
  if (!measured || !sender) throw new Error('go before prepare');
  const cpu = process.cpuUsage();
  const startMs = nowMs();
  const result = await measured();
  const endMs = nowMs();
  const used = process.cpuUsage(cpu);
  await sender.close();
  await reply({ type: 'done', ...result, startMs, endMs, cpuUs: used.user + used.system });
  process.disconnect();
}

process.on('message', (message: unknown) => {
  if (!isTyped(message)) return;
  const m = message as ToSender;
  (m.type === 'prepare' ? prepare(m) : go()).catch(async (error: unknown) => {
    await reply({ type: 'error', message: error instanceof Error ? (error.stack ?? error.message) : String(error) });
    process.disconnect();
  });
});
