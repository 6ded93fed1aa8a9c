import { describe, expect, it } from 'vitest';
import { clampPresets, rangePresets } from './range-presets';

const presetsOf = (today: Date) => Object.fromEntries(rangePresets(today).map((p) => [p.label, p.value]));

describe('rangePresets', () => {
  it('computes every preset for 2026-03-15', () => {
    expect(presetsOf(new Date(2026, 2, 15, 18, 45))).toEqual({
      Today: ['2026-03-15', '2026-03-15'],
      Yesterday: ['2026-03-14', '2026-03-14'],
      'Last 7 days': ['2026-03-09', '2026-03-15'],
      'This month': ['2026-03-01', '2026-03-15'],
      'Last month': ['2026-02-01', '2026-02-28'],
      'Last 30 days': ['2026-02-14', '2026-03-15'],
      'Last 3 months': ['2025-12-15', '2026-03-15'],
    });
  });

  it('keeps the presets order and handles month and year edges', () => {
    expect(rangePresets(new Date(2026, 0, 1)).map((p) => p.label)).toEqual([
      'Today',
      'Yesterday',
      'Last 7 days',
      'This month',
      'Last month',
      'Last 30 days',
      'Last 3 months',
    ]);
    const newYear = presetsOf(new Date(2026, 0, 1));
    expect(newYear.Yesterday).toEqual(['2025-12-31', '2025-12-31']);
    expect(newYear['Last month']).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetsOf(new Date(2024, 2, 31))['Last month']).toEqual(['2024-02-01', '2024-02-29']);
  });
});

describe('clampPresets', () => {
  it('cuts presets to the allowed range and drops those wholly outside', () => {
    const today = new Date(2026, 2, 15);
    const clamped = clampPresets(rangePresets(today), new Date(2026, 1, 20), new Date(2026, 2, 14));
    const byLabel = Object.fromEntries(clamped.map((p) => [p.label, p.value]));
    expect(byLabel.Today).toBeUndefined();
    expect(byLabel.Yesterday).toEqual(['2026-03-14', '2026-03-14']);
    expect(byLabel['Last month']).toEqual(['2026-02-20', '2026-02-28']);
    expect(byLabel['Last 3 months']).toEqual(['2026-02-20', '2026-03-14']);
  });
});
