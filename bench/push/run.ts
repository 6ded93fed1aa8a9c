// npm run bench:push — web-push vs Pushdeck against the local push service. See bench/push/README.md.
import type { ChildProcess } from 'node:child_process';
import { generateVapidKeys, type VapidDetails } from '@pushdeck/web-push';
import { type BenchConfig, readConfig, VAPID_SUBJECT } from './config.ts';
import { machineBusyUs } from './machine.ts';
import { canPin, exited, nextMessage, pin, startChild } from './procs.ts';
import type {
  BenchSubscription,
  FromSender,
  FromService,
  SenderDone,
  ToSender,
  ToService,
  VariantKind,
} from './protocol.ts';
import { checkLine, goals, header, problems, table, type VariantKey, type VariantResult } from './report.ts';

const SERVICE = new URL('./service-child.ts', import.meta.url);
const SENDER = new URL('./sender-child.ts', import.meta.url);

interface Context {
  cfg: BenchConfig;
  service: ChildProcess;
  subscriptions: BenchSubscription[];
  cas: string[];
  vapid: VapidDetails;
  pinning: boolean;
}

interface Spec {
  key: VariantKey;
  label: string;
  kind: VariantKind;
  processes: number;
}

const toService = (ctx: Context, message: ToService) => ctx.service.send(message);
const toSender = (child: ChildProcess, message: ToSender) => child.send(message);

/** `list` cut into `parts` contiguous slices (each still spans every origin: subscriptions alternate origins). */
function split<T>(list: readonly T[], parts: number): T[][] {
  const size = Math.ceil(list.length / parts);
  return Array.from({ length: parts }, (_, i) => list.slice(i * size, (i + 1) * size));
}

/**
 * Pins a single sender to core 0 and the service to core 1. With one sender per core (c), the service has no
 * core of its own: every process may then run on every core (pinning a sender onto the service's core measured
 * ~25% slower, the service being the bottleneck). Returns what was done, for the report.
 */
function place(ctx: Context, senders: ChildProcess[]): string {
  if (!ctx.pinning) return 'not pinned';
  const { cores } = ctx.cfg;
  const all = `0-${cores - 1}`;
  if (senders.length === 1) {
    pin(senders[0]?.pid, '0');
    pin(ctx.service.pid, cores > 1 ? '1' : '0');
    return cores > 1 ? 'sender 0, service 1' : 'sender 0, service 0';
  }
  for (const child of senders) pin(child.pid, all);
  pin(ctx.service.pid, all);
  return `${senders.length} senders + service, all on ${all}`;
}

async function runVariant(ctx: Context, spec: Spec): Promise<VariantResult> {
  const { cfg } = ctx;
  const execArgv = cfg.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${cfg.profileDir}`] : [];
  const slices = split(ctx.subscriptions, spec.processes);
  const senders = slices.map(() => startChild(SENDER, execArgv));
  const usesService = spec.kind !== 'encrypt';
  try {
    const pinning = place(ctx, senders);
    const ready = senders.map((child) => nextMessage<FromSender, 'ready'>(child, 'ready'));
    for (const [i, child] of senders.entries()) {
      toSender(child, {
        type: 'prepare',
        variant: spec.kind,
        subscriptions: slices[i] ?? [],
        cas: ctx.cas,
        vapid: ctx.vapid,
        payloadBytes: cfg.payloadBytes,
        concurrency: cfg.concurrency,
        warmup: cfg.warmup,
        tag: spec.key,
      });
    }
    await Promise.all(ready);
    if (usesService) {
      const reset = nextMessage<FromService, 'reset-done'>(ctx.service, 'reset-done');
      toService(ctx, { type: 'reset', tag: spec.key });
      await reset;
    }
    const done = senders.map((child) => nextMessage<FromSender, 'done'>(child, 'done'));
    const machineBefore = machineBusyUs();
    for (const child of senders) toSender(child, { type: 'go' });
    const reports: SenderDone[] = await Promise.all(done);
    const machineAfter = machineBusyUs();
    let service: VariantResult['service'];
    if (usesService) {
      const summary = nextMessage<FromService, 'summary'>(ctx.service, 'summary');
      toService(ctx, { type: 'summary' });
      service = (await summary).summary;
    }
    await Promise.all(senders.map(exited));
    const cpuUs = reports.reduce((n, r) => n + r.cpuUs, 0);
    const machineUs =
      machineBefore === undefined || machineAfter === undefined ? undefined : machineAfter - machineBefore;
    const failures: Record<string, number> = {};
    for (const r of reports) for (const [k, n] of Object.entries(r.failures)) failures[k] = (failures[k] ?? 0) + n;
    return {
      key: spec.key,
      label: spec.label,
      processes: spec.processes,
      pinning,
      messages: ctx.subscriptions.length,
      sent: reports.reduce((n, r) => n + r.sent, 0),
      failed: reports.reduce((n, r) => n + r.failed, 0),
      failures,
      wallMs: Math.max(...reports.map((r) => r.endMs)) - Math.min(...reports.map((r) => r.startMs)),
      cpuUs,
      service,
      otherCpuUs: machineUs === undefined ? undefined : Math.max(0, machineUs - cpuUs - (service?.cpuUs ?? 0)),
    };
  } finally {
    for (const child of senders) if (child.exitCode === null && child.signalCode === null) child.kill();
  }
}

async function main(): Promise<void> {
  const cfg = readConfig();
  const keys = generateVapidKeys();
  const vapid: VapidDetails = { ...keys, subject: VAPID_SUBJECT };
  const service = startChild(SERVICE, cfg.profileDir ? ['--cpu-prof', `--cpu-prof-dir=${cfg.profileDir}`] : []);
  try {
    const pinning = canPin();
    const ready = nextMessage<FromService, 'ready'>(service, 'ready');
    service.send({
      type: 'init',
      subscriptions: cfg.subscriptions,
      origins: cfg.origins,
      applicationServerKey: keys.publicKey,
    });
    const { subscriptions, cas, origins } = await ready;
    const ctx: Context = { cfg, service, subscriptions, cas, vapid, pinning };
    console.log(header(cfg, origins, pinning).join('\n'));

    // Untimed pass: the service imports each subscription's receiver key on its first message; pay that here.
    const prime = await runVariant(ctx, { key: 'prime', label: 'prime', kind: 'pushdeck', processes: cfg.cores });
    console.log(`priming pass (untimed, every subscription once): ${problems(prime).length === 0 ? 'OK' : 'FAILED'}`);

    const results: VariantResult[] = [];
    const specs: Spec[] = [
      { key: 'a', label: 'web-push 3.6.7, HTTP/1.1, 1 core', kind: 'web-push', processes: 1 },
      { key: 'b', label: 'Pushdeck PushSender, HTTP/2, 1 core', kind: 'pushdeck', processes: 1 },
      { key: 'c', label: `Pushdeck PushSender, HTTP/2, ${cfg.cores} cores`, kind: 'pushdeck', processes: cfg.cores },
      { key: 'd', label: 'encryption + cached VAPID only, 1 core', kind: 'encrypt', processes: 1 },
    ];
    for (const spec of specs) if (cfg.variants.includes(spec.key)) results.push(await runVariant(ctx, spec));

    console.log(['', ...table(results, cfg.cores), ''].join('\n'));
    console.log(['Checks', ...[prime, ...results].map((r) => `  ${checkLine(r)}`), ''].join('\n'));
    const [a, b, c, d] = specs.map((spec) => results.find((r) => r.key === spec.key));
    if (a && b && c && d) console.log(goals(a, b, c, d, cfg.cores).join('\n'));
    else console.log('Goals and ratios need all four variants (BENCH_VARIANTS=a,b,c,d).');
    if ([prime, ...results].some((r) => problems(r).length > 0)) {
      console.log('\nSome messages were lost, duplicated or refused: the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    if (service.connected) service.send({ type: 'close' } satisfies ToService);
    const stopped = exited(service);
    const timer = setTimeout(() => service.kill(), 5000);
    await stopped;
    clearTimeout(timer);
  }
}

await main();
