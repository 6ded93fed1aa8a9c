import '@mantine/dates/styles.css';
import { DatePickerInput } from '@mantine/dates';
import { useMediaQuery } from '@mantine/hooks';
import { MSG } from '@pushdeck/contracts';
import dayjs from 'dayjs';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { clampPresets, type DateString, rangePresets } from './range-presets';

export type DateRangeValue = [Date | null, Date | null];

export interface DateRangePickerProps {
  value: DateRangeValue;
  /** Called only when both ends are chosen (by hand or by a preset); dates are local midnights. */
  onChange: (value: [Date, Date]) => void;
  /** Today minus 2 months by default. */
  minDate?: Date;
  /** Today by default. */
  maxDate?: Date;
  label?: ReactNode;
  placeholder?: string;
  /** Shows 'Field is required.' once the picker was left without a full range. */
  required?: boolean;
  /** An error from the owning form; wins over the required check. */
  error?: ReactNode;
  disabled?: boolean;
}

const DAY = 'YYYY-MM-DD';
type Draft = [DateString | null, DateString | null];

const toDraft = (value: DateRangeValue): Draft => [
  value[0] ? dayjs(value[0]).format(DAY) : null,
  value[1] ? dayjs(value[1]).format(DAY) : null,
];

/**
 * A date range input with the dashboards' presets, limited to [minDate, maxDate]. Screens use DateRangePicker
 * (date-range-picker.tsx), which loads this one after the page shows.
 */
export function DateRangeInput({
  value,
  onChange,
  minDate,
  maxDate,
  label = 'Date range',
  placeholder = 'Pick dates',
  required = false,
  error,
  disabled,
}: DateRangePickerProps) {
  // The calendar with its presets is wider than a phone: there it opens as a dialog that fits (and takes a finger).
  const phone = useMediaQuery('(max-width: 47.99em)') ?? false;
  const [from, to] = toDraft(value);
  const [draft, setDraft] = useState<Draft>([from, to]);
  const [touched, setTouched] = useState(false);

  // A new value from the owner replaces a half-picked range.
  useEffect(() => {
    setDraft([from, to]);
  }, [from, to]);

  const today = dayjs().startOf('day');
  const max = maxDate ?? today.toDate();
  const min = minDate ?? today.subtract(2, 'month').toDate();
  const minKey = dayjs(min).format(DAY);
  const maxKey = dayjs(max).format(DAY);
  const todayKey = today.format(DAY);
  const presets = useMemo(
    () => clampPresets(rangePresets(dayjs(todayKey).toDate()), dayjs(minKey).toDate(), dayjs(maxKey).toDate()),
    [todayKey, minKey, maxKey],
  );

  const incomplete = !draft[0] || !draft[1];
  const shownError = error ?? (required && touched && incomplete ? MSG.fieldRequired : undefined);

  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder}
      value={draft}
      onChange={(next) => {
        setDraft(next);
        const [start, end] = next;
        if (start && end) onChange([dayjs(start).toDate(), dayjs(end).toDate()]);
      }}
      onDropdownClose={() => setTouched(true)}
      presets={presets}
      minDate={minKey}
      maxDate={maxKey}
      valueFormat={DAY}
      allowSingleDateInRange
      dropdownType={phone ? 'modal' : 'popover'}
      modalProps={{ title: label }}
      required={required}
      error={shownError}
      disabled={disabled}
    />
  );
}
