import { describe, expect, it } from 'vitest';
import { type CompareCounters, compareDifference, compareLines } from './compare';

const side = (o: Partial<CompareCounters>): CompareCounters => ({
  sent: 0,
  delivered: 0,
  clicked: 0,
  subscribed: 0,
  unsubscribed: 0,
  deactivated: 0,
  avg_patient_days: 0,
  ...o,
});

describe('compare', () => {
  const lines = compareLines(
    side({ sent: 2000, delivered: 1000, clicked: 50, subscribed: 100, unsubscribed: 5, avg_patient_days: 3 }),
    side({ sent: 1000, delivered: 1000, clicked: 100, subscribed: 0, unsubscribed: 1, avg_patient_days: 2 }),
  );
  const line = (label: string) => lines.find((l) => l.label === label)!;

  it('differs counts as A − B, rates in points and other values in percent of B, two decimals', () => {
    expect(compareDifference(line('Sent pushes'))).toEqual({ text: '+1k', ahead: true });
    expect(compareDifference(line('Pushes CTR'))).toEqual({ text: '-5.00%', ahead: false });
    expect(compareDifference(line('Patience days'))).toEqual({ text: '+50.00%', ahead: true });
  });

  it('keeps Conversion Rate at a static 0 % (not ahead) and divides by zero as 0', () => {
    expect(compareDifference(line('Conversion Rate'))).toEqual({ text: '0.00%', ahead: false });
    expect(line('Hate rate').b).toBe(0);
  });
});
