import { Alert, Button, Group, Select } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { DateRangePicker } from '@/components/date-range/date-range-picker';
import type { DomainOption } from '../api/pickers-api';
import { dateToIso, type IsoRange, isoToDate, type StatsWindow } from '../lib/stats-dates';
import { STATS_TEXT } from '../lib/texts';

export interface CompareFormProps {
  range: IsoRange;
  window: StatsWindow;
  domains: DomainOption[];
  domainsLoading: boolean;
  other: number | null;
  warning: boolean;
  onRange: (range: IsoRange) => void;
  onOther: (id: number | null) => void;
  onApply: () => void;
  onReset: () => void;
}

/** Compare's settings: the range, the website to compare with ('Same domain'), Apply and Reset settings. */
export function CompareForm(p: CompareFormProps) {
  const data = p.domains.map((d) => ({ value: String(d.id), label: d.url }));
  return (
    <>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <DateRangePicker
          value={[isoToDate(p.range[0]), isoToDate(p.range[1])]}
          onChange={([from, to]) => p.onRange([dateToIso(from), dateToIso(to)])}
          minDate={isoToDate(p.window.min)}
          maxDate={isoToDate(p.window.max)}
        />
        <Select
          label="Same domain"
          placeholder={p.domainsLoading ? 'Loading websites…' : 'Search websites'}
          data={data}
          value={p.other === null ? null : String(p.other)}
          onChange={(v) => p.onOther(v ? Number(v) : null)}
          searchable
          clearable
          nothingFoundMessage="No websites found"
          maxDropdownHeight={200}
          w={{ base: '100%', sm: 300 }}
        />
        <Button onClick={p.onApply}>Apply</Button>
        <Button variant="default" onClick={p.onReset}>
          Reset settings
        </Button>
      </Group>
      {p.warning && (
        <Alert color="yellow" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
          {STATS_TEXT.selectDomain}
        </Alert>
      )}
    </>
  );
}
