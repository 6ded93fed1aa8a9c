import { Button, Group, Modal, MultiSelect, Select, Stack } from '@mantine/core';
import {
  CUSTOM_EXPORT_GROUPS,
  CUSTOM_EXPORT_PERIODS,
  CUSTOM_EXPORT_TYPES,
  type CustomExportBody,
  type ExportStarted,
  FILES_MSG,
  STATS_LIMITS,
} from '@pushdeck/contracts';
import { useState } from 'react';
import { DateRangePicker, type DateRangeValue } from '@/components/date-range/date-range-picker';
import { notifyFailure } from '@/components/feedback/notify';
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
  const [timezone, setTimezone] = useState<string>(Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC');
  const [websites, setWebsites] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const [from, to] = range;
    if (!dataType || !groupBy || !from || !to || !period || !timezone || websites.length === 0) {
      return void notifyFailure(FILES_MSG.fillRequired);
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

  return (
    <Modal opened={opened} onClose={onClose} title="Custom Export" centered size={500}>
      <Stack gap="sm">
        <Select
          label="Data type"
          data={CUSTOM_EXPORT_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
          value={dataType}
          onChange={setDataType}
          required
        />
        <Select
          label="Group by"
          data={CUSTOM_EXPORT_GROUPS.map((value) => ({ value, label: GROUP_LABELS[value] }))}
          value={groupBy}
          onChange={setGroupBy}
          required
        />
        <DateRangePicker value={range} onChange={setRange} minDate={yearAgo()} required />
        <Select
          label="Period"
          data={CUSTOM_EXPORT_PERIODS.map((value) => ({ value, label: PERIOD_LABELS[value] }))}
          value={period}
          onChange={setPeriod}
          required
        />
        <TimezonePicker value={timezone} onChange={setTimezone} required />
        <MultiSelect
          label="Websites"
          placeholder={domains.isPending ? 'Loading websites…' : 'Pick websites'}
          data={(domains.data ?? []).map((d) => ({ value: d.website_id, label: d.url }))}
          value={websites}
          onChange={setWebsites}
          searchable
          required
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
