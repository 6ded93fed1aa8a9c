import { Alert, Button, Fieldset, Group, Modal, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  type ConnectionCheck,
  createDbSubBodySchema,
  type DbSub,
  INFRA_MSG,
  updateDbSubBodySchema,
} from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useCreateDbSub, useTestConnection, useUpdateDbSub } from '../api/use-clusters';
import { CLUSTER_TEXTS, type FieldErrors, issuesToErrors, serverErrors } from '../lib/cluster-texts';
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

/** Create or edit a db sub: name, region, shard number and its database config (every field required). */
export function DbSubDialog({ clusterId, sub, onClose, onChecked }: DbSubDialogProps) {
  const opened = clusterId !== null;
  const [name, setName] = useState('');
  const [region, setRegion] = useState('');
  const [shard, setShard] = useState<number | string>(0);
  const [config, setConfig] = useState<DbConfigState>(EMPTY_DB_CONFIG);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const create = useCreateDbSub();
  const update = useUpdateDbSub();
  const test = useTestConnection();

  useEffect(() => {
    if (!opened) return;
    setName(sub?.name ?? '');
    setRegion(sub?.region ?? '');
    setShard(sub?.shard_number ?? 0);
    setConfig(sub ? { ...sub.config, password: '' } : EMPTY_DB_CONFIG);
    setErrors({});
    setFormError(null);
    setCheck(null);
  }, [opened, sub]);

  const failed = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
      setErrors(serverErrors(error.errors));
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = {
      cluster_id: clusterId ?? undefined,
      name,
      region,
      shard_number: shard === '' ? undefined : Number(shard),
      config: configBody(config),
    };
    const parsed = sub ? updateDbSubBodySchema.safeParse(payload) : createDbSubBodySchema.safeParse(payload);
    const local = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (!config.password && !sub?.config.password_set) local['config.password'] = INFRA_MSG.fillRequired;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError(INFRA_MSG.fillRequired);
      return;
    }
    setErrors({});
    setFormError(null);
    if (sub) update.mutate({ id: sub.id, ...(parsed.data as object) }, { onSuccess: saved, onError: failed });
    else create.mutate(parsed.data as Parameters<typeof create.mutate>[0], { onSuccess: saved, onError: failed });
  };

  const runTest = () => {
    setCheck(null);
    test.mutate(
      { config: configBody(config) as never, ...(sub ? { db_sub_id: sub.id } : {}) },
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
            <TextInput
              label="Db sub name"
              withAsterisk
              data-autofocus
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
            />
            <TextInput
              label="Region"
              withAsterisk
              value={region}
              onChange={(e) => setRegion(e.currentTarget.value)}
              error={errors.region}
            />
            <NumberInput
              label="Shard number"
              withAsterisk
              min={0}
              allowDecimal={false}
              value={shard}
              onChange={setShard}
              error={errors.shard_number}
            />
          </SimpleGrid>
          <Fieldset legend="Database config">
            <DbConfigFields
              value={config}
              onChange={setConfig}
              errors={errors}
              prefix="config"
              passwordSet={sub?.config.password_set ?? false}
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
