import { Group, Input, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import { GranularityButtons, type GranularityOption } from '@/components/granularity-buttons';
import { TimezonePicker } from '@/components/timezone-picker';
import type { ClientOption, DomainOption } from '../api/pickers-api';
import { clampRange, dateToIso, isoToDate, statsWindow } from '../lib/stats-dates';
import type { FilterErrors, TableFilters } from '../lib/table-filters';
import { SelectAllMulti } from './select-all-multi';

export interface TableFiltersFormProps {
  value: TableFilters;
  onChange: (next: TableFilters) => void;
  errors: FilterErrors;
  truncOptions: GranularityOption[];
  /** Moderators choose clients (search and select all). */
  clients?: { options: ClientOption[] | undefined; loading: boolean };
  /** Left out in a website's own dashboard (its website is fixed). */
  domains?: { options: DomainOption[] | undefined; loading: boolean; showIds: boolean };
  groupField?: ReactNode;
  actions: ReactNode;
}

/** Date range, zone, granularity, clients and domains of a statistics table, then its own fields and buttons. */
export function TableFiltersForm({
  value,
  onChange,
  errors,
  truncOptions,
  clients,
  domains,
  groupField,
  actions,
}: TableFiltersFormProps) {
  const window = statsWindow(value.timezone);
  const set = (patch: Partial<TableFilters>) => onChange({ ...value, ...patch });
  return (
    <Stack gap="sm">
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
          onChange={(timezone) =>
            set({ timezone, range: value.range ? clampRange(value.range, statsWindow(timezone)) : null })
          }
          required
          error={errors.timezone}
        />
        <Input.Wrapper label="Date truncation" required error={errors.trunc}>
          <div>
            <GranularityButtons
              value={value.trunc}
              onChange={(trunc) => set({ trunc })}
              options={truncOptions}
              label="Date truncation"
            />
          </div>
        </Input.Wrapper>
      </Group>
      <Group align="flex-start" gap="sm" wrap="wrap">
        {clients && (
          <SelectAllMulti
            label="Clients"
            data={(clients.options ?? []).map((c) => ({ value: c.client_uid, label: c.name }))}
            value={value.clients}
            loading={clients.loading}
            // A new client choice clears the chosen websites; the list reloads once the choice settles.
            onChange={(next) => set({ clients: next, domains: [] })}
            error={errors.clients}
            required
          />
        )}
        {domains && (
          <SelectAllMulti
            label="Domains"
            data={(domains.options ?? []).map((d) => ({
              value: d.website_id,
              label: domains.showIds ? `${d.url} (${d.website_id})` : d.url,
            }))}
            value={value.domains}
            loading={domains.loading}
            onChange={(next) => set({ domains: next })}
            error={errors.domains}
            required
          />
        )}
        {groupField}
      </Group>
      <Group gap="sm">{actions}</Group>
    </Stack>
  );
}
