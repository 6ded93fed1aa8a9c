import { Alert, Button, Group, Modal, MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { DRIP_MSG, MSG, type Schedule, SPAM_FREQUENCIES } from '@pushdeck/contracts';
import { type FormEvent, useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { TimezonePicker } from '@/components/timezone-picker';
import { errorMessage } from '@/lib/api';
import { saveSpam } from '../api/drips-api';
import { useAudiences, useDripList, useDripsMutation } from '../api/use-drips';
import { serverFieldErrors } from '../lib/notification';
import {
  type SpamErrors,
  type SpamValue,
  spamFromSchedule,
  spamServerErrors,
  spamToBody,
  validateSpam,
} from '../lib/spam-form';
import { DaysOfWeekField } from './days-of-week-field';

export interface SpamFormDialogProps {
  opened: boolean;
  domainId: number;
  /** The schedule to change; a new one is created without it. */
  schedule?: Schedule | null;
  onClose: () => void;
}

const label = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** 'Spam Schedule': name, frequency (incessant … yearly), duration, date/time range, days (All), timezone, drips, audiences. */
export function SpamFormDialog({ opened, domainId, schedule, onClose }: SpamFormDialogProps) {
  const [value, setValue] = useState<SpamValue>(() => spamFromSchedule(schedule));
  const [errors, setErrors] = useState<SpamErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const drips = useDripList(
    'recurring',
    { 'where[domain_id]': domainId, select: 'id,title,is_active', order_by: 'id:desc', limit: 1000 },
    opened,
  );
  const audiences = useAudiences(opened ? domainId : undefined);
  const save = useDripsMutation(saveSpam);

  useEffect(() => {
    if (!opened) return;
    setValue(spamFromSchedule(schedule));
    setErrors({});
    setServerError(null);
  }, [opened, schedule]);

  const set = <K extends keyof SpamValue>(key: K, next: SpamValue[K]) => setValue((v) => ({ ...v, [key]: next }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const check = validateSpam(value);
    setErrors(check.errors);
    setServerError(null);
    if (Object.keys(check.errors).length) {
      notifyFailure(check.datesBad ? DRIP_MSG.scheduleDates : MSG.fillRequired);
      return;
    }
    save.mutate(spamToBody(value, domainId, schedule?.id), {
      onSuccess: () => {
        notifySuccess(MSG.successfully);
        onClose();
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(spamServerErrors(fields));
        setServerError(errorMessage(error, MSG.error));
      },
    });
  };

  const field = (key: keyof SpamValue, text: string, type: 'date' | 'time', step?: number) => (
    <TextInput
      type={type}
      label={text}
      withAsterisk
      step={step}
      value={value[key] as string}
      onChange={(e) => set(key, e.currentTarget.value as never)}
      error={errors[key]}
    />
  );

  return (
    <Modal opened={opened} onClose={onClose} title="Spam Schedule" size={640} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Name"
              withAsterisk
              value={value.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              error={errors.name}
              data-autofocus
            />
            <Select
              label="Frequency"
              withAsterisk
              placeholder="Pick a frequency"
              data={SPAM_FREQUENCIES.map((f) => ({ value: f, label: label(f) }))}
              value={value.frequency}
              onChange={(f) => set('frequency', f as SpamValue['frequency'])}
              error={errors.frequency}
              allowDeselect={false}
            />
            {field('time', 'Duration', 'time', 1)}
            <TimezonePicker
              value={value.timezone}
              onChange={(tz) => set('timezone', tz)}
              required
              error={errors.timezone}
            />
            {field('dateStart', 'Date Start', 'date')}
            {field('timeStart', 'Time Start', 'time', 1)}
            {field('dateEnd', 'Date End', 'date')}
            {field('timeEnd', 'Time End', 'time', 1)}
          </SimpleGrid>
          <DaysOfWeekField value={value.days} onChange={(days) => set('days', days)} error={errors.days} required />
          <MultiSelect
            label="Drips"
            withAsterisk
            placeholder={drips.isPending ? 'Loading drips…' : 'Pick recurring drips'}
            data={(drips.data ?? []).map((d) => ({ value: String(d.id), label: `#${d.id} ${d.title ?? ''}` }))}
            value={value.drips}
            onChange={(ids) => set('drips', ids)}
            error={errors.drips}
            searchable
            nothingFoundMessage="No recurring drips on this website"
          />
          <MultiSelect
            label="Audiences"
            withAsterisk
            placeholder={audiences.isPending ? 'Loading audiences…' : 'Pick audiences'}
            data={(audiences.data ?? []).map((a) => ({ value: String(a.id), label: a.name }))}
            value={value.audiences}
            onChange={(ids) => set('audiences', ids)}
            error={errors.audiences}
            searchable
            nothingFoundMessage="No audiences on this website"
          />
          {serverError && (
            <Alert color="red" role="alert">
              {serverError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
