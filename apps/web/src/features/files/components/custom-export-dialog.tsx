import { Button, Group, Modal, MultiSelect, Select, Stack, Text } from '@mantine/core';
import {
  CUSTOM_EXPORT_GROUPS,
  CUSTOM_EXPORT_PERIODS,
  CUSTOM_EXPORT_TYPES,
  type CustomExportBody,
  type ExportStarted,
  FILES_MSG,
  MSG,
  STATS_LIMITS,
} from '@pushdeck/contracts';
import { useState } from 'react';
import { DateRangePicker, type DateRangeValue } from '@/components/date-range/date-range-picker';
import { notifyFailure } from '@/components/feedback/notify';
import { guessTimezone, timezoneOptions } from '@/components/timezone-options';
import { TimezonePicker } from '@/components/timezone-picker';
import { startServerExport } from '@/lib/exports/server-export';
import { postCustomExport, useExportDomains } from '../api/files-api';

const TYPE_LABELS: Record<(typeof CUSTOM_EXPORT_TYPES)[number], string> = {
  drips: 'Drips',
  subs: 'Subs',
  errors: 'Errors',
};
const GROUP_LABELS: Record<(typeof CUSTOM_EXPORT_GROUPS)[number], string> = {
  drip_id: 'Drip Id',
  website_id: 'Website Id',
  type: 'Type',
};
const PERIOD_LABELS: Record<(typeof CUSTOM_EXPORT_PERIODS)[number], string> = {
  hour: 'Hour',
  day: 'Day',
  week: 'Week',
  month: 'Month',
};

const isoDay = (d: Date) =>
  `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;

function yearAgo(): Date {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  d.setMonth(d.getMonth() - STATS_LIMITS.exportMonthsBack);
  return d;
}

/** The browser's zone when the picker offers it, else UTC. */
export function defaultExportTimezone(): string {
  const guess = guessTimezone();
  return timezoneOptions().some((o) => o.value === guess) ? guess : 'UTC';
}

/** The fields in the form's order, with the labels the form shows (and the missing-fields notice names). */
const FIELDS = {
  dataType: 'Data type',
  groupBy: 'Group by',
  range: 'Date range',
  period: 'Period',
  timezone: 'Timezone',
  websites: 'Websites',
} as const;
type Field = keyof typeof FIELDS;

export interface CustomExportDialogProps {
  opened: boolean;
  onClose: () => void;
  onStarted: (file: ExportStarted) => void;
}

/** Custom Export: data type, group by, date range (up to 1 year back), period, timezone, websites. */
export function CustomExportDialog({ opened, onClose, onStarted }: CustomExportDialogProps) {
  const domains = useExportDomains(opened);
  const [dataType, setDataType] = useState<string | null>(null);
  const [groupBy, setGroupBy] = useState<string | null>(null);
  const [range, setRange] = useState<DateRangeValue>([null, null]);
  const [period, setPeriod] = useState<string | null>('day');
  const [timezone, setTimezone] = useState<string>(defaultExportTimezone);
  const [websites, setWebsites] = useState<string[]>([]);
  /** Set by a submit with fields missing: from then on the empty fields are marked (each clears as it is filled). */
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);

  const filled: Record<Field, boolean> = {
    dataType: !!dataType,
    groupBy: !!groupBy,
    range: !!range[0] && !!range[1],
    period: !!period,
    timezone: !!timezone,
    websites: websites.length > 0,
  };
  const missing = (Object.keys(FIELDS) as Field[]).filter((field) => !filled[field]);
  const mark = (field: Field) => (checked && !filled[field] ? MSG.required : undefined);

  const submit = async () => {
    const [from, to] = range;
    if (missing.length > 0 || !dataType || !groupBy || !from || !to || !period) {
      setChecked(true);
      return void notifyFailure(
        <>
          <Text size="sm" fw={500}>
            {FILES_MSG.fillRequired}
          </Text>
          <Text size="sm">{FILES_MSG.missingFields(missing.map((field) => FIELDS[field]))}</Text>
        </>,
      );
    }
    const body = {
      data_type: dataType,
      group_by: groupBy,
      date_start: isoDay(from),
      date_end: isoDay(to),
      date_trunc: period,
      timezone,
      website_id: websites,
    } as CustomExportBody;
    setBusy(true);
    const started = await startServerExport(() => postCustomExport(body));
    setBusy(false);
    if (started) {
      onStarted(started);
      onClose();
    }
  };

  // A required choice is never undone by picking it again (Mantine's Select would clear it: allowDeselect).
  return (
    <Modal opened={opened} onClose={onClose} title="Custom Export" centered size={500}>
      <Stack gap="sm">
        <Select
          label={FIELDS.dataType}
          data={CUSTOM_EXPORT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          value={dataType}
          onChange={setDataType}
          allowDeselect={false}
          required
          error={mark('dataType')}
        />
        <Select
          label={FIELDS.groupBy}
          data={CUSTOM_EXPORT_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
          value={groupBy}
          onChange={setGroupBy}
          allowDeselect={false}
          required
          error={mark('groupBy')}
        />
        <DateRangePicker
          label={FIELDS.range}
          value={range}
          onChange={setRange}
          minDate={yearAgo()}
          required
          error={mark('range')}
        />
        <Select
          label={FIELDS.period}
          data={CUSTOM_EXPORT_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={period}
          onChange={setPeriod}
          allowDeselect={false}
          required
          error={mark('period')}
        />
        <TimezonePicker
          label={FIELDS.timezone}
          value={timezone}
          onChange={setTimezone}
          required
          error={mark('timezone')}
        />
        <MultiSelect
          label={FIELDS.websites}
          placeholder={domains.isPending ? 'Loading websites…' : 'Pick websites'}
          data={(domains.data ?? []).map((d) => ({ value: d.website_id, label: d.url }))}
          value={websites}
          onChange={setWebsites}
          searchable
          required
          error={mark('websites')}
          maxDropdownHeight={200}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={busy}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
