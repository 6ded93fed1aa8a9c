import { Button, MultiSelect, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { DRIP_MSG, type Drip, MSG } from '@pushdeck/contracts';
import { type FormEvent, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { type DripRow, saveDrips } from '../api/drips-api';
import { useAudiences, useDripsMutation, useGroups } from '../api/use-drips';
import { NOTIFICATION_FIELDS, serverFieldErrors, unplacedErrors } from '../lib/notification';
import {
  RECURRING_PLACED,
  type RecurringErrors,
  type RecurringValue,
  recurringFromDrip,
  recurringServerErrors,
  recurringToDrip,
  validateRecurring,
} from '../lib/recurring-form';
import { DripEditorActions, DripEditorLayout } from './drip-editor-layout';
import { NotificationEditor } from './notification-editor';
import { RecurringScheduleFields } from './recurring-schedule-fields';

export interface RecurringEditorProps {
  domainId: number;
  /** The stored drip (with schedules.audiences) to edit; a new one is created without it. */
  drip?: DripRow | null;
  domainUrl?: string | undefined;
  /** How the drip is stored (Drip Setup: on several websites at once); createOrUpdate of one drip by default. */
  save?: ((item: Record<string, unknown>) => Promise<Drip[]>) | undefined;
  /** After a successful save: the saved drip and whether it was saved as a draft. */
  onSaved?: (drip: Drip, draft: boolean) => void;
  onCancel?: () => void;
}

const NO_ERRORS: RecurringErrors = { notification: {}, schedule: {} };

/**
 * The recurring drip editor (spec part 1 §2 Recurring drip editor): notification, audience, group and schedule on the
 * left, live preview on the right; Save (active) and Save Draft (is_active 0) with the spec's success texts.
 * Mount it with a `key` per drip.
 */
export function RecurringEditor({ domainId, drip, domainUrl, save: store, onSaved, onCancel }: RecurringEditorProps) {
  const [value, setValue] = useState<RecurringValue>(() => recurringFromDrip(drip));
  const [errors, setErrors] = useState<RecurringErrors>(NO_ERRORS);
  const [serverError, setServerError] = useState<string[]>([]);
  const audiences = useAudiences(domainId);
  const groups = useGroups(domainId);
  const save = useDripsMutation((a: { item: Record<string, unknown> }) =>
    store ? store(a.item) : saveDrips('recurring', [a.item]),
  );
  const isNew = !drip?.id;

  const submit = (draft: boolean) => {
    if (save.isPending) return;
    const check = validateRecurring(value);
    setErrors(check.errors);
    setServerError([]);
    if (!check.valid) {
      notifyFailure(check.datesBad ? DRIP_MSG.scheduleDates : MSG.fillRequired);
      return;
    }
    save.mutate(
      { item: recurringToDrip(value, domainId, draft ? 0 : 1, drip) },
      {
        onSuccess: (saved) => {
          notifySuccess(draft ? DRIP_MSG.draftCreated : isNew ? DRIP_MSG.recurringCreated : MSG.successfully);
          if (saved[0]) onSaved?.(saved[0], draft);
        },
        onError: (error) => {
          const fields = serverFieldErrors(error);
          setErrors(recurringServerErrors(fields));
          const rest = unplacedErrors(fields, [...NOTIFICATION_FIELDS, ...RECURRING_PLACED]);
          setServerError(Object.keys(fields).length ? rest : [errorMessage(error, MSG.error)]);
          const dates = fields['schedule.date_start'] ?? fields['schedule.date_end'];
          notifyFailure(
            dates === DRIP_MSG.scheduleDates
              ? DRIP_MSG.scheduleDates
              : Object.keys(fields).length
                ? MSG.fillRequired
                : errorMessage(error, MSG.error),
          );
        },
      },
    );
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submit(false);
  };

  const audienceOptions = (audiences.data ?? []).map((a) => ({ value: String(a.id), label: a.name }));
  const groupOptions = (groups.data ?? []).map((g) => ({ value: String(g.id), label: g.name || g.group_uid }));

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Recurring drip">
      <DripEditorLayout notification={value.notification} domainUrl={domainUrl}>
        <NotificationEditor
          mode="recurring"
          value={value.notification}
          onChange={(notification) => setValue((v) => ({ ...v, notification }))}
          errors={errors.notification}
          disabled={save.isPending}
        />
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              Audience
            </Title>
            {domainUrl && (
              <Text size="sm">
                Website: <b>{domainUrl}</b>
              </Text>
            )}
            <MultiSelect
              label="Audience"
              withAsterisk
              placeholder={audiences.isPending ? 'Loading audiences…' : 'Pick an audience'}
              data={audienceOptions}
              value={value.audiences}
              onChange={(ids) => setValue((v) => ({ ...v, audiences: ids }))}
              error={errors.audiences ?? (audiences.isError ? errorMessage(audiences.error, MSG.error) : undefined)}
              searchable
              nothingFoundMessage="No audiences on this website"
              disabled={save.isPending}
            />
            <Select
              label="Group"
              placeholder="No group"
              data={groupOptions}
              value={value.groupId}
              onChange={(groupId) => setValue((v) => ({ ...v, groupId }))}
              clearable
              disabled={save.isPending}
            />
          </Stack>
        </Paper>
        <Paper withBorder p="sm" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h5">
              Schedule
            </Title>
            <RecurringScheduleFields
              value={value.schedule}
              onChange={(schedule) => setValue((v) => ({ ...v, schedule }))}
              errors={errors.schedule}
              disabled={save.isPending}
            />
          </Stack>
        </Paper>
        <DripEditorActions notification={value.notification} serverError={serverError} onCancel={onCancel}>
          <Button type="submit" loading={save.isPending && save.variables?.item.is_active === 1}>
            Save
          </Button>
          <Button
            variant="light"
            onClick={() => submit(true)}
            loading={save.isPending && save.variables?.item.is_active === 0}
          >
            Save Draft
          </Button>
        </DripEditorActions>
      </DripEditorLayout>
    </form>
  );
}
