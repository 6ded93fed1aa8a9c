import type { ComboboxItem, ComboboxParsedItem, OptionsFilter } from '@mantine/core';
import { useUncontrolled } from '@mantine/hooks';
import { type ReactNode, useMemo } from 'react';
import { DeferredSelect } from '@/components/deferred/deferred-select';
import { canonicalTimezone, guessTimezone, timezoneOptions } from './timezone-options';

export interface TimezonePickerProps {
  /** An IANA zone; when left out the picker starts at the browser's zone. */
  value?: string;
  onChange?: (timeZone: string) => void;
  label?: ReactNode;
  placeholder?: string;
  required?: boolean;
  error?: ReactNode;
  disabled?: boolean;
}

const normalize = (text: string) => text.toLowerCase().replaceAll('_', ' ');

const isItem = (option: ComboboxParsedItem): option is ComboboxItem => 'value' in option;

/** Matches the typed text against the name, underscores read as spaces ('new york' finds America/New_York). */
const filterZones: OptionsFilter = ({ options, search, limit }) => {
  const needle = normalize(search.trim());
  return options.filter((option) => isItem(option) && normalize(option.label).includes(needle)).slice(0, limit);
};

/** A searchable select of IANA timezones, labelled with their current UTC offset. */
export function TimezonePicker({
  value,
  onChange,
  label = 'Timezone',
  placeholder = 'Pick a timezone',
  required,
  error,
  disabled,
}: TimezonePickerProps) {
  const [zone, setZone] = useUncontrolled({
    value: value === undefined ? undefined : canonicalTimezone(value),
    defaultValue: guessTimezone(),
    onChange,
  });
  const data = useMemo(() => {
    const options = timezoneOptions();
    // A saved zone this browser does not list still shows.
    return zone && !options.some((o) => o.value === zone) ? [{ value: zone, label: zone }, ...options] : options;
  }, [zone]);

  return (
    <DeferredSelect
      label={label}
      placeholder={placeholder}
      data={data}
      value={zone || null}
      onChange={(next) => {
        if (next) setZone(next);
      }}
      searchable
      filter={filterZones}
      limit={100}
      maxDropdownHeight={250}
      nothingFoundMessage="Nothing found"
      allowDeselect={false}
      required={required}
      error={error}
      disabled={disabled}
    />
  );
}
