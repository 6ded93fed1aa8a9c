/**
 * The one definition of every statistics counter and derived metric (docs/metrics.md). Every screen and every
 * statistics call computes its metrics through these functions over summed counters; division by zero gives 0.
 */

/** Counters kept per hourly rollup row (website, client, drip, type, UTC hour). */
export const STAT_COUNTER_NAMES = [
  'sent',
  'delivered',
  'clicked',
  'subscribed',
  'unsubscribed',
  'deactivated',
  'full_unsubscribed',
  'error_401',
  'error_403',
  'error_404',
  'error_413',
  'error_429',
  'error_x',
] as const;
export type StatCounterName = (typeof STAT_COUNTER_NAMES)[number];
export type StatCounters = Record<StatCounterName, number>;

export const PUSH_ERROR_COUNTERS = [
  'error_401',
  'error_403',
  'error_404',
  'error_413',
  'error_429',
  'error_x',
] as const;

export const zeroCounters = (): StatCounters =>
  Object.fromEntries(STAT_COUNTER_NAMES.map((c) => [c, 0])) as StatCounters;

/** Sums counters (rows of any shape holding the counters). */
export function sumCounters(rows: Iterable<Partial<StatCounters>>): StatCounters {
  const out = zeroCounters();
  for (const row of rows) for (const c of STAT_COUNTER_NAMES) out[c] += row[c] ?? 0;
  return out;
}

/** n / d, or 0 when d is 0 (or not finite). */
export function ratio(n: number, d: number): number {
  return d === 0 || !Number.isFinite(d) || !Number.isFinite(n) ? 0 : n / d;
}

/** Rounds to `digits` decimals, half away from zero; -0 becomes 0. */
export function roundTo(v: number, digits = 2): number {
  const f = 10 ** digits;
  const r = (Math.sign(v) * Math.round(Math.abs(v) * f + Number.EPSILON * f)) / f;
  return r === 0 ? 0 : r;
}

/**
 * A metric that is (Σ numerator counters) / (Σ denominator counters) × scale. Declared as data so the server can
 * sort by it in SQL with exactly this definition, and every screen computes it with `metricValue`.
 */
export interface RatioMetric {
  numerator: readonly StatCounterName[];
  denominator: readonly StatCounterName[];
  scale: 100 | 1;
  unit: 'percent' | 'per subscriber';
  description: string;
}

/** Push attempts that reached a push service and got an answer we count (every send outcome is exactly one of these). */
export const TARGETED_COUNTERS = [
  'sent',
  'deactivated',
  'error_401',
  'error_403',
  'error_413',
  'error_429',
  'error_x',
] as const satisfies readonly StatCounterName[];

const pct = (numerator: readonly StatCounterName[], denominator: readonly StatCounterName[], description: string) =>
  ({ numerator, denominator, scale: 100, unit: 'percent', description }) as const satisfies RatioMetric;

export const RATIO_METRICS = {
  push_ctr: pct(['clicked'], ['delivered'], 'Clicks per delivered push.'),
  delivery_rate: pct(['delivered'], ['sent'], 'Delivered pushes per sent push.'),
  hate_rate: pct(
    ['unsubscribed', 'deactivated'],
    ['subscribed'],
    'Subscribers lost (unsubscribed or deactivated) per new subscriber in the period; may exceed 100.',
  ),
  unsubscribe_rate: pct(['unsubscribed'], ['delivered'], 'Unsubscribes per delivered push.'),
  clicks_per_subscriber: {
    numerator: ['clicked'],
    denominator: ['subscribed'],
    scale: 1,
    unit: 'per subscriber',
    description: 'Clicks per new subscriber in the period.',
  },
  d2c: pct(['clicked'], ['delivered'], 'Delivered → clicked (the same as push_ctr).'),
  s2d: pct(['delivered'], ['sent'], 'Sent → delivered (the same as delivery_rate).'),
  sub2c: pct(['clicked'], ['subscribed'], 'Clicks per new subscriber, in percent.'),
  sub2deact: pct(['deactivated'], ['subscribed'], 'Deactivated per new subscriber.'),
  sub2uns: pct(['unsubscribed'], ['subscribed'], 'Unsubscribed per new subscriber.'),
  match_ratio: pct(
    ['sent'],
    TARGETED_COUNTERS,
    'Pushes accepted by the push services per push attempted (the targeted audience of the sends).',
  ),
} as const satisfies Record<string, RatioMetric>;
export type RatioMetricName = keyof typeof RATIO_METRICS;
export const RATIO_METRIC_NAMES = Object.keys(RATIO_METRICS) as RatioMetricName[];

const sumOf = (c: Partial<StatCounters>, names: readonly StatCounterName[]) =>
  names.reduce((s, n) => s + (c[n] ?? 0), 0);

/** The unrounded value of a ratio metric (what the server sorts by). */
export function metricRaw(name: RatioMetricName, c: Partial<StatCounters>): number {
  const m: RatioMetric = RATIO_METRICS[name];
  return ratio(sumOf(c, m.numerator), sumOf(c, m.denominator)) * m.scale;
}

/** The value of a ratio metric as every call returns it: rounded to 2 decimals, 0 when the denominator is 0. */
export function metricValue(name: RatioMetricName, c: Partial<StatCounters>): number {
  return roundTo(metricRaw(name, c));
}

export const pushCtr = (c: Partial<StatCounters>) => metricValue('push_ctr', c);
export const deliveryRate = (c: Partial<StatCounters>) => metricValue('delivery_rate', c);
export const hateRate = (c: Partial<StatCounters>) => metricValue('hate_rate', c);
export const unsubscribeRate = (c: Partial<StatCounters>) => metricValue('unsubscribe_rate', c);
export const clicksPerSubscriber = (c: Partial<StatCounters>) => metricValue('clicks_per_subscriber', c);
export const matchRatio = (c: Partial<StatCounters>) => metricValue('match_ratio', c);

/**
 * Revenue is not tracked (no postback carries an amount yet). Revenue metrics take it as an input, 0 today,
 * so a later revenue source changes no formula.
 */
export const TRACKED_REVENUE = 0;
export const revenuePerPush = (c: Partial<StatCounters>, revenue = TRACKED_REVENUE) =>
  roundTo(ratio(revenue, c.sent ?? 0), 4);
export const revenuePerSubscriber = (c: Partial<StatCounters>, revenue = TRACKED_REVENUE) =>
  roundTo(ratio(revenue, c.subscribed ?? 0), 4);
/** Lifetime value of a subscriber: the revenue a new subscriber of the period brings (0 while revenue is untracked). */
export const subscriberLtv = (c: Partial<StatCounters>, revenue = TRACKED_REVENUE) => revenuePerSubscriber(c, revenue);

/** Patience: mean days from subscribing to leaving (unsubscribed or deactivated), over the subscribers who left. */
export const avgPatientDays = (sumDays: number, leavers: number) => roundTo(ratio(sumDays, leavers));

/** A count per unique drip (server performance): e.g. sent per drip-hour; 2 decimals, 0 when no drip. */
export const perUniqueDrip = (count: number, drips: number) => roundTo(ratio(count, drips));

/** Active subscribers are counted over the 72 hours that end with a row's bucket (server performance). */
export const ACTIVE_WINDOW_HOURS = 72;
/** Distinct subscriber-hours with a delivery in the window, per hour of the window (2 decimals). */
export const activePerHour = (subscriberHours: number) => roundTo(ratio(subscriberHours, ACTIVE_WINDOW_HOURS));

/** The More Info formulas of one row of summed counters (plus patience). */
export function moreInfoMetrics(c: Partial<StatCounters>, patience: { sumDays: number; leavers: number }) {
  return {
    push_ctr: pushCtr(c),
    delivery_rate: deliveryRate(c),
    hate_rate: hateRate(c),
    clicks_per_subscriber: clicksPerSubscriber(c),
    subscriber_ltv: subscriberLtv(c),
    revenue_per_push: revenuePerPush(c),
    revenue_per_subscriber: revenuePerSubscriber(c),
    unsubscribe_rate: unsubscribeRate(c),
    avg_patient_days: avgPatientDays(patience.sumDays, patience.leavers),
  };
}

/** The Data Explorer conversion columns (percent, 2 decimals, 0 if empty). */
export function explorerMetrics(c: Partial<StatCounters>) {
  return {
    d2c: metricValue('d2c', c),
    s2d: metricValue('s2d', c),
    sub2c: metricValue('sub2c', c),
    sub2deact: metricValue('sub2deact', c),
    sub2uns: metricValue('sub2uns', c),
  };
}

/**
 * Push kinds as statistics group them. Rollup rows carry the occurrence's schedule type; every schedule type of a
 * recurring drip counts as 'recurring'; 'api' is a send of the server API (`POST /api/server/v1/notifications`).
 * Rows with type '' are subscriber events (not about a drip).
 */
export const STAT_TYPE_FAMILIES = {
  recurring: ['recurring', 'tail-recurring', 'spam-recurring', 'one', 'multiple', 'external-recurring'],
  welcome: ['welcome'],
  trigger: ['trigger'],
  instant: ['instant'],
  api: ['api'],
} as const;
export type StatTypeFamily = keyof typeof STAT_TYPE_FAMILIES;
export const STAT_TYPE_FAMILY_NAMES = Object.keys(STAT_TYPE_FAMILIES) as StatTypeFamily[];

/** The family of a raw rollup type ('' stays '', an unknown type is its own family). */
export function typeFamily(rawType: string): string {
  for (const f of STAT_TYPE_FAMILY_NAMES) if ((STAT_TYPE_FAMILIES[f] as readonly string[]).includes(rawType)) return f;
  return rawType;
}

// ---- the value columns of the statistics tables ----

/** Default Data Explorer columns besides the grouped dimensions (part 1 §3, Data Explorer row). */
export const EXPLORER_COLUMNS = [
  'sent',
  'delivered',
  'clicked',
  'd2c',
  's2d',
  'sub2c',
  'sub2deact',
  'sub2uns',
  'subscribed',
  'unsubscribed',
  'full_unsubscribed',
  'deactivated',
] as const;

/** Columns a request may add with `columns.include` / `columns.expand`. */
export const EXPLORER_EXTRA_COLUMNS = [
  'avg_patient_days',
  'push_ctr',
  'delivery_rate',
  'hate_rate',
  'unsubscribe_rate',
  'clicks_per_subscriber',
  'match_ratio',
  'error_401',
  'error_403',
  'error_404',
  'error_413',
  'error_429',
  'error_x',
  'url',
  'client_id',
  'client_uid',
] as const;

/** Server Performance columns (part 1 §3, Server performance row), besides the grouped dimensions. */
export const SERVER_PERFORMANCE_COLUMNS = [
  'count_setup_drips_per_day',
  'count_setup_drips_per_hour',
  'sent',
  'count_drips_per_day_by_sent',
  'count_drips_per_hour_by_sent',
  'match_ratio',
  'subscribed',
  'unsubscribed',
  'deactivated',
  'full_unsubscribed',
  'delivered',
  'clicked',
  'sent_per_hour_by_uniq_drips',
  'sent_per_day_by_uniq_drips',
  'active_subs_last_3_days',
  'active_subs_by_hour_last_3_days',
] as const;
