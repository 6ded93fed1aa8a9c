import { Alert, Button, Fieldset, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type ConnectionCheck,
  type CreateDbSubBody,
  createDbSubBodySchema,
  type DbSub,
  INFRA_MSG,
  type UpdateDbSubBody,
  updateDbSubBodySchema,
} from '@pushdeck/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { bodyResolver, flatErrors, setFieldErrors } from '@/lib/forms/body-resolver';
import { useCreateDbSub, useTestConnection, useUpdateDbSub } from '../api/use-clusters';
import { CLUSTER_TEXTS, serverErrors } from '../lib/cluster-texts';
import { CheckResult } from './check-result';
import { configBody, DbConfigFields, type DbConfigState, EMPTY_DB_CONFIG } from './db-config-fields';

export interface DbSubDialogProps {
  /** The cluster a new db sub goes into; null when closed. */
  clusterId: number | null;
  /** The db sub to edit; null creates one. */
  sub: DbSub | null;
  onClose: () => void;
  onChecked: (subId: number, check: ConnectionCheck) => void;
}

interface DbSubForm {
  name: string;
  region: string;
  shard_number: number | string;
  config: DbConfigState;
}

const valuesOf = (sub: DbSub | null): DbSubForm => ({
  name: sub?.name ?? '',
  region: sub?.region ?? '',
  shard_number: sub?.shard_number ?? 0,
  config: sub ? { ...sub.config, password: '' } : EMPTY_DB_CONFIG,
});

/** Create or edit a db sub: name, region, shard number and its database config (every field required). */
export function DbSubDialog({ clusterId, sub, onClose, onChecked }: DbSubDialogProps) {
  const opened = clusterId !== null;
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const create = useCreateDbSub();
  const update = useUpdateDbSub();
  const test = useTestConnection();
  // the contracts' body (create or update) checks the values as sent; the password is optional (see DbConfigFields)
  const resolver = useMemo(
    () =>
      bodyResolver<DbSubForm, CreateDbSubBody | UpdateDbSubBody>(
        (v) => ({
          cluster_id: clusterId ?? undefined,
          name: v.name,
          region: v.region,
          shard_number: v.shard_number === '' ? undefined : Number(v.shard_number),
          config: configBody(v.config),
        }),
        sub ? updateDbSubBodySchema : createDbSubBodySchema,
        [],
      ),
    [clusterId, sub],
  );
  // messages follow a save (or a test), not every keystroke
  const form = useForm<DbSubForm, unknown, CreateDbSubBody | UpdateDbSubBody>({
    resolver,
    defaultValues: valuesOf(null),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { reset } = form;
  const errors = flatErrors(form.formState.errors);

  useEffect(() => {
    if (!opened) return;
    reset(valuesOf(sub));
    setFormError(null);
    setCheck(null);
  }, [opened, sub, reset]);

  const failed = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
      setFieldErrors(form, serverErrors(error.errors));
      setFormError(INFRA_MSG.fillRequired);
    } else setFormError(errorMessage(error, CLUSTER_TEXTS.syncFailed));
  };
  const saved = (result: DbSub) => {
    notifySuccess(CLUSTER_TEXTS.dbSubSaved);
    if (result.check) {
      onChecked(result.id, result.check);
      if (!result.check.reachable) notifyFailure(`Saved, but the database is not reachable: ${result.check.error}`);
    }
    onClose();
  };

  const submit = form.handleSubmit(
    (body) => {
      setFormError(null);
      if (sub) update.mutate({ id: sub.id, ...body }, { onSuccess: saved, onError: failed });
      else create.mutate(body as CreateDbSubBody, { onSuccess: saved, onError: failed });
    },
    () => setFormError(INFRA_MSG.fillRequired),
  );

  const runTest = () => {
    setCheck(null);
    test.mutate(
      { config: configBody(form.getValues('config')) as never, ...(sub ? { db_sub_id: sub.id } : {}) },
      { onSuccess: setCheck, onError: failed },
    );
  };

  return (
    <Modal opened={opened} onClose={onClose} title={sub ? `Edit db sub ${sub.name}` : 'Add db sub'} size="lg" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <TextInput label="Db sub name" withAsterisk data-autofocus {...form.register('name')} error={errors.name} />
            <TextInput label="Region" withAsterisk {...form.register('region')} error={errors.region} />
            <Controller
              control={form.control}
              name="shard_number"
              render={({ field }) => (
                <NumberInput
                  label="Shard number"
                  withAsterisk
                  min={0}
                  allowDecimal={false}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={errors.shard_number}
                />
              )}
            />
          </SimpleGrid>
          <Fieldset legend="Database config">
            <Controller
              control={form.control}
              name="config"
              render={({ field }) => (
                <DbConfigFields
                  value={field.value}
                  onChange={field.onChange}
                  errors={errors}
                  prefix="config"
                  passwordSet={sub?.config.password_set ?? false}
                />
              )}
            />
            <Group mt="sm">
              <Button variant="light" onClick={runTest} loading={test.isPending}>
                Test connection
              </Button>
            </Group>
            {check && (
              <Stack mt="sm">
                <CheckResult check={check} />
              </Stack>
            )}
          </Fieldset>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {sub ? 'Save' : 'Add'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
