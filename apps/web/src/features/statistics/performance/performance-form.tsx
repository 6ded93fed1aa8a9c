import { Button, Group, Input, MultiSelect } from '@mantine/core';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import { DAY_MONTH_YEAR, GranularityButtons } from '@/components/granularity-buttons';
import { TimezonePicker } from '@/components/timezone-picker';
import { clampRange, dateToIso, isoToDate, statsWindow } from '../lib/stats-dates';
import { PERFORMANCE_METRICS, type PerformanceFilters } from './performance-params';

export type PerformanceErrors = Partial<Record<'range' | 'timezone' | 'trunc' | 'metrics', string>>;

export interface PerformanceFormProps {
  value: PerformanceFilters;
  errors: PerformanceErrors;
  onChange: (next: PerformanceFilters) => void;
  onSubmit: () => void;
}

/** The report's filters: range (presets), zone, Day / Month / Year, the metric columns, 'Get Data'. */
export function PerformanceForm({ value, errors, onChange, onSubmit }: PerformanceFormProps) {
  const window = statsWindow(value.timezone);
  const set = (patch: Partial<PerformanceFilters>) => onChange({ ...value, ...patch });
  return (
    <Group align="flex-start" gap="sm" wrap="wrap">
      <DateRangePicker
        value={value.range ? [isoToDate(value.range[0]), isoToDate(value.range[1])] : [null, null]}
        onChange={([from, to]) => set({ range: [dateToIso(from), dateToIso(to)] })}
        minDate={isoToDate(window.min)}
        maxDate={isoToDate(window.max)}
        required
        error={errors.range}
      />
      <TimezonePicker
        value={value.timezone}
        onChange={(timezone) => set({ timezone, range: value.range && clampRange(value.range, statsWindow(timezone)) })}
        required
        error={errors.timezone}
      />
      <Input.Wrapper label="Granularity" required error={errors.trunc}>
        <div>
          <GranularityButtons value={value.trunc} onChange={(trunc) => set({ trunc })} options={DAY_MONTH_YEAR} />
        </div>
      </Input.Wrapper>
      <MultiSelect
        label="Columns"
        data={PERFORMANCE_METRICS}
        value={value.metrics}
        onChange={(metrics) => set({ metrics })}
        required
        error={errors.metrics}
        w={{ base: '100%', sm: 280 }}
      />
      <Button mt={25} onClick={onSubmit}>
        Get Data
      </Button>
    </Group>
  );
}
