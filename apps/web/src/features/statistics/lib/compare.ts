import { deliveryRate, hateRate, pushCtr, ratio, roundTo, subscriberLtv } from '@pushdeck/contracts';
import { formatCount } from '@/lib/format-number';

/** count: shown as A − B; rate: a percent, the difference in points; value: the difference in percent of B. */
export type CompareKind = 'count' | 'rate' | 'value';

export interface CompareLine {
  label: string;
  a: number;
  b: number;
  kind: CompareKind;
}

export type CompareCounters = Record<
  'sent' | 'delivered' | 'clicked' | 'subscribed' | 'unsubscribed' | 'deactivated',
  number
> & {
  avg_patient_days: number;
};

/** Conversion Rate is a static 0 %: revenue and conversions are not tracked (docs/metrics.md). */
export const CONVERSION_RATE = 0;

/** The Compare cards, group A (this website) against group B, every metric from the contracts' definitions. */
export function compareLines(a: CompareCounters, b: CompareCounters): CompareLine[] {
  return [
    { label: 'Conversion Rate', a: CONVERSION_RATE, b: CONVERSION_RATE, kind: 'rate' },
    { label: 'Sent pushes', a: a.sent, b: b.sent, kind: 'count' },
    { label: 'Delivered pushes', a: a.delivered, b: b.delivered, kind: 'count' },
    { label: 'Clicked pushes', a: a.clicked, b: b.clicked, kind: 'count' },
    { label: 'Delivery rate', a: deliveryRate(a), b: deliveryRate(b), kind: 'rate' },
    { label: 'Pushes CTR', a: pushCtr(a), b: pushCtr(b), kind: 'rate' },
    { label: 'Hate rate', a: hateRate(a), b: hateRate(b), kind: 'rate' },
    { label: 'Patience days', a: a.avg_patient_days, b: b.avg_patient_days, kind: 'value' },
    { label: 'Subscriber LTV', a: subscriberLtv(a), b: subscriberLtv(b), kind: 'value' },
  ];
}

/** The difference as the card shows it (two decimals for percents) and whether A is ahead (green). */
export function compareDifference(line: CompareLine): { text: string; ahead: boolean } {
  const ahead = line.a > line.b;
  const signed = (n: number, text: string) => `${n > 0 ? '+' : ''}${text}`;
  if (line.kind === 'count') return { text: signed(line.a - line.b, formatCount(line.a - line.b)), ahead };
  const diff = line.kind === 'rate' ? roundTo(line.a - line.b) : roundTo(ratio(line.a - line.b, line.b) * 100);
  return { text: signed(diff, `${diff.toFixed(2)}%`), ahead };
}

/** A value of one side as the card shows it. */
export function formatSide(line: CompareLine, v: number): string {
  return line.kind === 'count' ? formatCount(v) : line.kind === 'rate' ? `${v.toFixed(2)}%` : v.toFixed(2);
}
