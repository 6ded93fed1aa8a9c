import { Button, Checkbox, Group, NumberInput, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { type Drip, MSG } from '@pushdeck/contracts';
import { type FormEvent, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { type DripRow, saveDrips } from '../api/drips-api';
import { useDripsMutation } from '../api/use-drips';
import {
  NOTIFICATION_FIELDS,
  type NotificationErrors,
  serverFieldErrors,
  unplacedErrors,
  validateNotification,
} from '../lib/notification';
import {
  validateWelcomeSchedule,
  type WelcomeScheduleErrors,
  type WelcomeValue,
  welcomeFromDrip,
  welcomeToDrip,
} from '../lib/welcome-form';
import { DripEditorActions, DripEditorLayout } from './drip-editor-layout';
import { NotificationEditor } from './notification-editor';

export interface WelcomeEditorProps {
  domainId: number;
  /** The stored drip to edit; a new one is created without it. */
  drip?: DripRow | null;
  domainUrl?: string | undefined;
  /** After a successful save, with the saved drip. */
  onSaved?: (drip: Drip) => void;
  onCancel?: () => void;
}

const DELAYS = [
  ['after_days', 'Days'],
  ['after_hours', 'Hours'],
  ['after_mins', 'Minutes'],
] as const;

/**
 * The welcome drip editor (spec part 1 §2): the notification form and schedule section on the left, the live preview on
 * the right. 'Successfully!' on save, 'Fill the required fields out!' when a check fails. Mount it with a `key` per drip.
 */
export function WelcomeEditor({ domainId, drip, domainUrl, onSaved, onCancel }: WelcomeEditorProps) {
  const [value, setValue] = useState<WelcomeValue>(() => welcomeFromDrip(drip));
  const [errors, setErrors] = useState<NotificationErrors>({});
  const [scheduleErrors, setScheduleErrors] = useState<WelcomeScheduleErrors>({});
  const [serverError, setServerError] = useState<string[]>([]);
  const save = useDripsMutation((item: Record<string, unknown>) => saveDrips('welcome', [item]));
  const setSchedule = (patch: Partial<WelcomeValue['schedule']>) =>
    setValue((v) => ({ ...v, schedule: { ...v.schedule, ...patch } }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    const found = validateNotification(value.notification, 'welcome');
    const foundSchedule = validateWelcomeSchedule(value.schedule);
    setErrors(found);
    setScheduleErrors(foundSchedule);
    setServerError([]);
    if (Object.keys(found).length || Object.keys(foundSchedule).length) {
      notifyFailure(MSG.fillRequired);
      return;
    }
    save.mutate(welcomeToDrip(value, domainId, drip), {
      onSuccess: (saved) => {
        notifySuccess(MSG.successfully);
        if (saved[0]) onSaved?.(saved[0]);
      },
      onError: (error) => {
        const fields = serverFieldErrors(error);
        setErrors(fields);
        setScheduleErrors({
          after_days: fields['schedule.after_days'],
          after_hours: fields['schedule.after_hours'],
          after_mins: fields['schedule.after_mins'],
        });
        const placed = [...NOTIFICATION_FIELDS, ...DELAYS.map(([k]) => `schedule.${k}`)];
        const rest = unplacedErrors(fields, placed);
        setServerError(Object.keys(fields).length ? rest : [errorMessage(error, MSG.error)]);
        notifyFailure(Object.keys(fields).length ? MSG.fillRequired : errorMessage(error, MSG.error));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Welcome drip">
      <DripEditorLayout notification={value.notification} domainUrl={domainUrl}>
        <NotificationEditor
          mode="welcome"
          value={value.notification}
          onChange={(notification) => setValue((v) => ({ ...v, notification }))}
          errors={errors}
          disabled={save.isPending}
        />
        <Checkbox
          label="Schedule"
          description="Send after a delay since subscribing"
          checked={value.schedule.enabled}
          onChange={(e) => setSchedule({ enabled: e.currentTarget.checked })}
        />
        {value.schedule.enabled && (
          <Paper withBorder p="sm" radius="md">
            <Stack gap="xs">
              <TextInput
                label="Schedule name"
                value={value.schedule.name}
                onChange={(e) => setSchedule({ name: e.currentTarget.value })}
              />
              <Group grow align="flex-start">
                {DELAYS.map(([key, label]) => (
                  <NumberInput
                    key={key}
                    label={label}
                    min={0}
                    allowDecimal={false}
                    allowNegative={false}
                    value={value.schedule[key]}
                    onChange={(n) => setSchedule({ [key]: n === '' ? '' : Number(n) })}
                    error={scheduleErrors[key]}
                  />
                ))}
              </Group>
            </Stack>
          </Paper>
        )}
        <Switch
          label="Active"
          checked={value.isActive}
          onChange={(e) => {
            const isActive = e.currentTarget.checked;
            setValue((v) => ({ ...v, isActive }));
          }}
        />
        <DripEditorActions notification={value.notification} serverError={serverError} onCancel={onCancel}>
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </DripEditorActions>
      </DripEditorLayout>
    </form>
  );
}
