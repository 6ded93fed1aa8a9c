import { useCallback, useState } from 'react';
import type { Granularity } from '@/components/granularity-buttons';
import { guessTimezone } from '@/components/timezone-options';
import type { DashboardVariant } from '../lib/dashboard-series';
import { clampRange, defaultRange, type IsoRange, statsWindow } from '../lib/stats-dates';

export interface ChartSettings {
  range: IsoRange;
  timezone: string;
  trunc: Granularity;
  variant: DashboardVariant;
}

export interface ChartSettingsApi {
  settings: ChartSettings;
  setRange: (range: IsoRange) => void;
  /** A new zone keeps the range inside the zone's window (its "today" may differ). */
  setTimezone: (timezone: string) => void;
  setTrunc: (trunc: Granularity) => void;
  setVariant: (variant: DashboardVariant) => void;
  /** Back to the defaults: last week to yesterday, the browser's zone, Day, the initial variant. */
  reset: () => void;
}

/** The chart's settings on arrival: last week to yesterday in the browser's zone, by day. */
export function chartDefaults(variant: DashboardVariant): ChartSettings {
  const timezone = guessTimezone();
  return { range: defaultRange('dashboard', statsWindow(timezone)), timezone, trunc: 'day', variant };
}

/** The summary chart's settings (range, zone, granularity, variant) with the spec's defaults. */
export function useChartSettings(initialVariant: DashboardVariant): ChartSettingsApi {
  const [settings, setSettings] = useState(() => chartDefaults(initialVariant));
  const patch = useCallback((next: Partial<ChartSettings>) => setSettings((s) => ({ ...s, ...next })), []);
  return {
    settings,
    setRange: (range) => patch({ range }),
    setTimezone: (timezone) =>
      setSettings((s) => ({ ...s, timezone, range: clampRange(s.range, statsWindow(timezone)) })),
    setTrunc: (trunc) => patch({ trunc }),
    setVariant: (variant) => patch({ variant }),
    reset: () => setSettings(chartDefaults(initialVariant)),
  };
}
