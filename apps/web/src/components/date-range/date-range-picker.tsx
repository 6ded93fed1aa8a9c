import { Input, InputBase } from '@mantine/core';
import dayjs from 'dayjs';
import { lazy, Suspense } from 'react';
import type { DateRangePickerProps } from './date-range-input';

export type { DateRangePickerProps, DateRangeValue } from './date-range-input';

// The picker (@mantine/dates' calendar, its popover and styles: ~15 KB gzipped) loads after the page shows, as the
// charts do (issue 17: the dashboard's first load); until then the same field shows its range, marked pending.
const DateRangeInput = lazy(() => import('./date-range-input').then((m) => ({ default: m.DateRangeInput })));

/** The text DatePickerInput shows for a range (Mantine's default separator). */
function rangeText([start, end]: DateRangePickerProps['value']): string {
  const day = (date: Date) => dayjs(date).format('YYYY-MM-DD');
  if (start && end) return `${day(start)} – ${day(end)}`;
  return start ? `${day(start)} – ` : '';
}

function PendingField({
  value,
  label = 'Date range',
  placeholder = 'Pick dates',
  required,
  error,
  disabled,
}: DateRangePickerProps) {
  const text = rangeText(value);
  return (
    <InputBase
      component="button"
      type="button"
      label={label}
      required={required}
      error={error}
      disabled={disabled}
      multiline
      data-pending
      aria-busy="true"
    >
      {text || <Input.Placeholder>{placeholder}</Input.Placeholder>}
    </InputBase>
  );
}

/** A date range input with the dashboards' presets, limited to [minDate, maxDate] (date-range-input.tsx). */
export function DateRangePicker(props: DateRangePickerProps) {
  return (
    <Suspense fallback={<PendingField {...props} />}>
      <DateRangeInput {...props} />
    </Suspense>
  );
}
