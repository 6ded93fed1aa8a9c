import { Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { COPY_MSG, DAYS_OF_WEEK, SPAM_FREQUENCIES } from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { TimezonePicker } from '@/components/timezone-picker';

export interface SpamScheduleValues {
  name: string;
  time: string;
  dateStart: string;
  timeStart: string;
  dateEnd: string;
  timeEnd: string;
  daysOfWeek: string[];
  frequency: string;
  timezone: string;
}

export type SpamScheduleErrors = Partial<Record<keyof SpamScheduleValues, string>>;

/** The call's fields → the dialog's (a date-time is checked as one: its date field is marked). */
const SERVER_FIELDS: Record<string, keyof SpamScheduleValues> = {
  name: 'name',
  time: 'time',
  date_start: 'dateStart',
  date_end: 'dateEnd',
  days_of_week: 'daysOfWeek',
  frequency: 'frequency',
  timezone: 'timezone',
};

/** A 422's field errors that belong to the dialog, as its fields' errors (the rest are not the dialog's). */
export function spamScheduleErrors(errors: Record<string, string[]>): SpamScheduleErrors {
  const out: SpamScheduleErrors = {};
  for (const [key, texts] of Object.entries(errors)) {
    const field = SERVER_FIELDS[key];
    if (field && texts[0]) out[field] = texts[0];
  }
  return out;
}

const ALL = '__all__';
const label = (d: string) => d[0]!.toUpperCase() + d.slice(1);
const withSeconds = (t: string) => (/^\d{2}:\d{2}$/.test(t) ? `${t}:00` : t);

/**
 * The 'Spam Schedule' dialog of Recurring Migration (part 2 §5): every field required ('Required field.'); the
 * server's refusals of its fields (`serverErrors`) are marked on them too.
 */
export function SpamScheduleDialog(props: {
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSubmit: (v: SpamScheduleValues) => void;
  serverErrors?: SpamScheduleErrors | undefined;
}) {
  const [v, setV] = useState<SpamScheduleValues>({
    name: '',
    time: '',
    dateStart: '',
    timeStart: '',
    dateEnd: '',
    timeEnd: '',
    // part 2 §9: every day of the week, daily, UTC
    daysOfWeek: [...DAYS_OF_WEEK],
    frequency: 'daily',
    timezone: 'UTC',
  });
  const [errors, setErrors] = useState<SpamScheduleErrors>({});
  const { serverErrors } = props;
  useEffect(() => {
    if (serverErrors) setErrors((old) => ({ ...old, ...serverErrors }));
  }, [serverErrors]);
  const set = <K extends keyof SpamScheduleValues>(k: K, value: SpamScheduleValues[K]) => {
    setV((old) => ({ ...old, [k]: value }));
    setErrors((old) => ({ ...old, [k]: undefined }));
  };
  const all = v.daysOfWeek.length === DAYS_OF_WEEK.length;
  const submit = () => {
    const found: typeof errors = {};
    for (const k of Object.keys(v) as (keyof SpamScheduleValues)[]) {
      const value = v[k];
      if (Array.isArray(value) ? value.length === 0 : !value.trim()) found[k] = COPY_MSG.requiredField;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    props.onSubmit({
      ...v,
      time: withSeconds(v.time),
      timeStart: withSeconds(v.timeStart),
      timeEnd: withSeconds(v.timeEnd),
    });
  };
  return (
    <Modal opened={props.opened} onClose={props.onClose} title="Spam Schedule" size="lg" centered>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
        noValidate
      >
        <Stack gap="sm">
          <TextInput
            label="Name"
            required
            value={v.name}
            error={errors.name}
            onChange={(e) => set('name', e.currentTarget.value)}
          />
          <TextInput
            label="Duration"
            description="24-hour time with seconds"
            type="time"
            step={1}
            required
            value={v.time}
            error={errors.time}
            onChange={(e) => set('time', e.currentTarget.value)}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Date Start"
              type="date"
              required
              value={v.dateStart}
              error={errors.dateStart}
              onChange={(e) => set('dateStart', e.currentTarget.value)}
            />
            <TextInput
              label="Time Start"
              type="time"
              step={1}
              required
              value={v.timeStart}
              error={errors.timeStart}
              onChange={(e) => set('timeStart', e.currentTarget.value)}
            />
            <TextInput
              label="Date End"
              type="date"
              required
              value={v.dateEnd}
              error={errors.dateEnd}
              onChange={(e) => set('dateEnd', e.currentTarget.value)}
            />
            <TextInput
              label="Time End"
              type="time"
              step={1}
              required
              value={v.timeEnd}
              error={errors.timeEnd}
              onChange={(e) => set('timeEnd', e.currentTarget.value)}
            />
          </SimpleGrid>
          <MultiSelect
            label="Days of The Week"
            required
            placeholder={v.daysOfWeek.length === 0 ? 'Pick days' : undefined}
            data={[{ value: ALL, label: 'Select All' }, ...DAYS_OF_WEEK.map((d) => ({ value: d, label: label(d) }))]}
            // the chosen days themselves (all seven after Select All), so taking one away leaves the other six
            value={v.daysOfWeek}
            error={errors.daysOfWeek}
            onChange={(next) =>
              set('daysOfWeek', next.includes(ALL) ? [...DAYS_OF_WEEK] : DAYS_OF_WEEK.filter((d) => next.includes(d)))
            }
            description={all ? 'All' : undefined}
            clearable
          />
          <Select
            label="Frequency"
            required
            data={SPAM_FREQUENCIES.map((f) => ({ value: f, label: label(f) }))}
            value={v.frequency || null}
            error={errors.frequency}
            onChange={(f) => set('frequency', f ?? '')}
          />
          <TimezonePicker value={v.timezone} onChange={(z) => set('timezone', z)} required error={errors.timezone} />
          <Group justify="flex-end">
            <Button variant="default" onClick={props.onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={props.busy}>
              Create Schedule
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
