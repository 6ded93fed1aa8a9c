import {
  avgPatientDays,
  explorerMetrics,
  matchRatio,
  metricValue,
  moreInfoMetrics,
  perUniqueDrip,
  RATIO_METRIC_NAMES,
  roundTo,
  sumCounters,
  typeFamily,
  zeroCounters,
} from '@pushdeck/contracts';
import { describe, expect, it } from 'vitest';

const counters = (c: Partial<ReturnType<typeof zeroCounters>>) => ({ ...zeroCounters(), ...c });

describe('metrics', () => {
  it('computes each ratio from summed counters, rounded to 2 decimals', () => {
    const c = counters({ sent: 300, delivered: 200, clicked: 7, subscribed: 40, unsubscribed: 3, deactivated: 5 });
    expect(moreInfoMetrics(c, { sumDays: 10, leavers: 3 })).toEqual({
      push_ctr: 3.5,
      delivery_rate: 66.67,
      hate_rate: 20,
      clicks_per_subscriber: 0.18,
      subscriber_ltv: 0,
      revenue_per_push: 0,
      revenue_per_subscriber: 0,
      unsubscribe_rate: 1.5,
      avg_patient_days: 3.33,
    });
    expect(explorerMetrics(c)).toEqual({ d2c: 3.5, s2d: 66.67, sub2c: 17.5, sub2deact: 12.5, sub2uns: 7.5 });
    expect(matchRatio(counters({ sent: 90, deactivated: 4, error_403: 1, error_404: 4, error_x: 5 }))).toBe(90);
    expect(perUniqueDrip(10, 3)).toBe(3.33);
  });

  it('gives 0 for every metric when its denominator is 0', () => {
    const empty = zeroCounters();
    for (const name of RATIO_METRIC_NAMES) expect(metricValue(name, empty), name).toBe(0);
    expect(metricValue('push_ctr', counters({ clicked: 5 }))).toBe(0);
    expect(avgPatientDays(12, 0)).toBe(0);
    expect(perUniqueDrip(5, 0)).toBe(0);
    expect(Object.values(moreInfoMetrics(empty, { sumDays: 0, leavers: 0 })).every((v) => v === 0)).toBe(true);
  });

  it('rounds half away from zero despite binary fractions', () => {
    expect(roundTo(1.005)).toBe(1.01);
    expect(roundTo(2.675)).toBe(2.68);
    expect(roundTo(-1.005)).toBe(-1.01);
    expect(roundTo(-0.001)).toBe(0);
  });

  it('sums counters and maps schedule types to families', () => {
    expect(sumCounters([{ sent: 1 }, { sent: 2, clicked: 1 }])).toMatchObject({ sent: 3, clicked: 1, delivered: 0 });
    expect(['recurring', 'spam-recurring', 'tail-recurring', 'one', 'multiple'].map(typeFamily)).toEqual(
      Array(5).fill('recurring'),
    );
    expect([typeFamily('welcome'), typeFamily(''), typeFamily('odd')]).toEqual(['welcome', '', 'odd']);
  });
});
