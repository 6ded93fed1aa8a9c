// Result checks and the printed report.
import type { BenchConfig } from './config.ts';
import type { ServiceSummary } from './protocol.ts';

export type VariantKey = 'prime' | 'a' | 'b' | 'c' | 'd';

export interface VariantResult {
  key: VariantKey;
  label: string;
  /** Sending processes (one core each). */
  processes: number;
  /** Where the processes ran. */
  pinning: string;
  messages: number;
  sent: number;
  failed: number;
  failures: Record<string, number>;
  wallMs: number;
  /** CPU of the sending process(es) over the measured run. */
  cpuUs: number;
  service: ServiceSummary | undefined;
  /** Machine-wide busy CPU during the run minus that of the senders and the service (other processes). */
  otherCpuUs: number | undefined;
}

const int = (n: number) => Math.round(n).toLocaleString('en-US');
const fixed = (n: number, digits = 1) => n.toFixed(digits);
export const rate = (r: VariantResult) => r.messages / (r.wallMs / 1000);
export const cpuPerMessage = (r: VariantResult) => r.cpuUs / r.messages;

/** Everything that says a message was lost, duplicated, refused or not decrypted. Empty when all is well. */
export function problems(r: VariantResult): string[] {
  const out: string[] = [];
  if (r.failed > 0) out.push(`${r.failed} sends failed ${JSON.stringify(r.failures)}`);
  if (r.sent !== r.messages) out.push(`sender reports ${r.sent} sent of ${r.messages}`);
  const s = r.service;
  if (!s) return out;
  const other = Object.entries(s.byStatus).filter(([status]) => status !== '201');
  if (s.received !== r.messages) out.push(`service received ${s.received}`);
  if ((s.byStatus['201'] ?? 0) !== r.messages) out.push(`201 answers ${s.byStatus['201'] ?? 0}`);
  if (other.length > 0) out.push(`other statuses ${JSON.stringify(Object.fromEntries(other))}`);
  if (s.decryptFailures > 0) out.push(`${s.decryptFailures} decrypt failures`);
  if (s.vapidFailures > 0) out.push(`${s.vapidFailures} VAPID failures`);
  if (s.delivered !== r.messages) out.push(`${s.delivered} delivered`);
  if (s.unique !== r.messages) out.push(`${s.unique} unique markers`);
  if (s.duplicates > 0) out.push(`${s.duplicates} duplicates`);
  if (s.foreign > 0) out.push(`${s.foreign} messages without the run's marker`);
  if (s.misrouted > 0) out.push(`${s.misrouted} markers at the wrong subscription`);
  if (s.subscriptionsNotOnce > 0) out.push(`${s.subscriptionsNotOnce} subscriptions not reached exactly once`);
  return out;
}

export function checkLine(r: VariantResult): string {
  const found = problems(r);
  if (found.length > 0) return `(${r.key}) FAILED: ${found.join('; ')}`;
  const s = r.service;
  if (!s) return `(${r.key}) OK: ${int(r.sent)} payloads encrypted, no I/O`;
  return (
    `(${r.key}) OK: received ${int(s.received)}, 201 × ${int(s.byStatus['201'] ?? 0)}, decrypted ${int(s.delivered)}, ` +
    `unique markers ${int(s.unique)}, duplicates 0, every subscription exactly once, decrypt/VAPID failures 0, ` +
    `new HTTP/2 sessions ${s.sessions}`
  );
}

export function header(cfg: BenchConfig, origins: string[], pinning: boolean): string[] {
  return [
    'Pushdeck push benchmark (bench/push)',
    `  ${int(cfg.subscriptions)} subscriptions over ${origins.length} origins (${origins.join(', ')}), ` +
      `payload ${cfg.payloadBytes} B, TTL 60 s, ${cfg.concurrency} requests in flight per sending process, ` +
      `warm-up ${int(cfg.warmup)} messages per process`,
    `  Node ${process.version}, ${cfg.cores} cores, ` +
      (pinning
        ? 'taskset: (a)(b)(d) sender on core 0, service on core 1; (c) senders and service on every core (shared)'
        : 'not pinned (taskset unavailable)'),
    '  baseline (a): npm web-push 3.6.7, sendNotification per message, HTTP/1.1 keep-alive https.Agent({ca})',
    '  push service: separate process, 3 LocalPushService instances, decrypts and verifies VAPID of every message',
    '',
  ];
}

/** Share of one core the sender processes (on average) and the service were busy during the measured run. */
export const senderBusy = (r: VariantResult) => r.cpuUs / (r.wallMs * 1000 * r.processes);
export const serviceBusy = (r: VariantResult) => (r.service ? r.service.cpuUs / (r.wallMs * 1000) : 0);
/** Share of the whole machine (all cores) other processes used during the run. */
const otherLoad = (r: VariantResult, cores: number) =>
  r.otherCpuUs === undefined ? undefined : r.otherCpuUs / (r.wallMs * 1000 * cores);
/** Variants during which other processes took more than 10% of the machine. */
export function disturbed(results: VariantResult[], cores: number): VariantResult[] {
  return results.filter((r) => (otherLoad(r, cores) ?? 0) > 0.1);
}
const percent = (n: number) => `${Math.round(n * 100)}%`;

export function table(results: VariantResult[], cores: number): string[] {
  const rows = results.map((r) => [
    `(${r.key}) ${r.label}`,
    int(rate(r)),
    fixed(cpuPerMessage(r)),
    percent(senderBusy(r)),
    r.service ? fixed(r.service.cpuUs / r.messages) : '-',
    r.service ? percent(serviceBusy(r)) : '-',
    fixed(r.wallMs / 1000, 2),
    ((load) => (load === undefined ? '?' : percent(load)))(otherLoad(r, cores)),
    problems(r).length === 0 ? 'OK' : 'FAILED',
    r.pinning,
  ]);
  const head = [
    'variant',
    'msgs/s',
    'sender µs/msg',
    'sender busy',
    'service µs/msg',
    'service busy',
    'wall s',
    'other',
  ];
  head.push('check', 'cores (taskset)');
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 || i >= 8 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(head), ...rows.map(line)];
}

const verdict = (ok: boolean) => (ok ? 'PASS ' : 'BELOW');
/** Messages per second one fully busy core of sender CPU would carry: 1e6 / sender µs per message. */
const perSenderCore = (r: VariantResult) => 1e6 / cpuPerMessage(r);

export function goals(a: VariantResult, b: VariantResult, c: VariantResult, d: VariantResult, cores: number): string[] {
  const ba = rate(b) / rate(a);
  const cb = rate(c) / rate(b);
  const out = [
    'Goals (wall-clock messages/s; the benchmark reports, it never fails on these)',
    `  b/a = ${fixed(ba, 2).padStart(6)}           goal ≥ 3             ${verdict(ba >= 3)}`,
    `  b   = ${int(rate(b)).padStart(6)} msgs/s    goal ≥ 2,500/core    ${verdict(rate(b) >= 2500)}`,
    cores >= 2
      ? `  c/b = ${fixed(cb, 2).padStart(6)}           goal ≥ 1.8 (2 cores) ${verdict(cb >= 1.8)}  (${c.processes} senders)`
      : `  c/b = ${fixed(cb, 2).padStart(6)}           goal ≥ 1.8 (2 cores) n/a (1 core)`,
    'Context',
    `  b/d = ${fixed(rate(b) / rate(d), 2)}: share of the encryption-only ceiling (d) that the full send path (b) reaches`,
    `  sender CPU per message: a ${fixed(cpuPerMessage(a))} µs, b ${fixed(cpuPerMessage(b))} µs, ` +
      `d ${fixed(cpuPerMessage(d))} µs; a/b = ${fixed(cpuPerMessage(a) / cpuPerMessage(b), 2)}`,
    `  CPU-normalised (1e6 / sender µs per message): a ${int(perSenderCore(a))}, b ${int(perSenderCore(b))}, ` +
      `d ${int(perSenderCore(d))} msgs/s per busy sender core ` +
      `(b ${perSenderCore(b) >= 2500 ? '≥' : '<'} 2,500)`,
  ];
  for (const r of disturbed([a, b, c, d], cores)) {
    out.push(
      `  WARNING: other processes took ${percent(otherLoad(r, cores) ?? 0)} of the machine during (${r.key}): its ` +
        'wall-clock figures are disturbed (its CPU µs per message much less so)',
    );
  }
  for (const r of [a, b]) {
    if (serviceBusy(r) < 0.85) continue;
    const who =
      senderBusy(r) >= 0.85 ? 'both the sender and the push service are saturated' : 'bound by the push service';
    out.push(
      `  (${r.key}) ${who}: service ${percent(serviceBusy(r))} busy on its core, sender ${percent(senderBusy(r))}; ` +
        `the service spends ${fixed((r.service?.cpuUs ?? 0) / r.messages)} µs per message (TLS, HTTP, ECDSA ` +
        `verify of VAPID, ECDH + decrypt), capping it near ${int((1e6 * r.messages) / (r.service?.cpuUs ?? 1))} msgs/s`,
    );
  }
  if (c.service) {
    const perMessage = cpuPerMessage(c) + c.service.cpuUs / c.messages;
    const bound = (cores * 1e6) / perMessage;
    out.push(
      `  (c): the push service is not on separate hardware. The ${c.processes} senders and the service share the same`,
      `  ${cores} cores; together they used ${fixed(perMessage)} µs CPU per message, so these ${cores} cores carry at most`,
      `  ≈ ${int(bound)} msgs/s, i.e. c/b ≤ ≈ ${fixed(bound / rate(b), 2)} on this machine whatever the sender does.`,
    );
  }
  return out;
}
