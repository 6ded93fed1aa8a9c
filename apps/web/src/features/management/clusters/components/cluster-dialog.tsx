import {
  Alert,
  Button,
  Fieldset,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import {
  type Cluster,
  type ConnectionCheck,
  type CreateClusterBody,
  createClusterBodySchema,
  type UpdateClusterBody,
  updateClusterBodySchema,
} from '@pushdeck/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { bodyResolver, flatErrors, setFieldErrors } from '@/lib/forms/body-resolver';
import { useClientOptions, useCreateCluster, useTestConnection, useUpdateCluster } from '../api/use-clusters';
import { CLUSTER_TEXTS, serverErrors } from '../lib/cluster-texts';
import { CheckResult } from './check-result';
import { configBody, DbConfigFields, type DbConfigState, EMPTY_DB_CONFIG } from './db-config-fields';

/** The form's fields, named like the request body's (so the body's messages land under them). */
interface ClusterForm {
  cluster_name: string;
  default: string;
  client_ids: string[];
  db_entities_master: DbConfigState;
  db_subs: { name: string; region: string; shard_number: number | string; config: DbConfigState }[];
}

const empty = (): ClusterForm => ({
  cluster_name: '',
  default: '0',
  client_ids: [],
  db_entities_master: EMPTY_DB_CONFIG,
  db_subs: [{ name: '', region: '', shard_number: 0, config: EMPTY_DB_CONFIG }],
});

const fromCluster = (c: Cluster): ClusterForm => ({
  ...empty(),
  cluster_name: c.cluster_name,
  default: String(c.default),
  client_ids: c.clients.map((x) => String(x.id)),
  db_entities_master: { ...c.db_entities_master, password: '' },
});

/** The body of a save: numbers from the inputs' text; a new cluster also its first db sub. */
const bodyOf = (v: ClusterForm, editing: boolean) => ({
  cluster_name: v.cluster_name,
  default: v.default === '' ? undefined : Number(v.default),
  db_entities_master: configBody(v.db_entities_master),
  client_ids: v.client_ids.map(Number),
  ...(editing
    ? {}
    : {
        db_subs: v.db_subs.map((sub) => ({
          name: sub.name,
          region: sub.region,
          shard_number: sub.shard_number === '' ? undefined : Number(sub.shard_number),
          config: configBody(sub.config),
        })),
      }),
});

export interface ClusterDialogProps {
  opened: boolean;
  /** The cluster to edit; null creates one (with its first db sub and clients). */
  cluster: Cluster | null;
  onClose: () => void;
  /** A save answered with the server's check of the master. */
  onChecked: (clusterId: number, check: ConnectionCheck) => void;
}

/** Create or edit a cluster: name, default (0 or 1), master database config, clients; a new one also its first db sub. */
export function ClusterDialog({ opened, cluster, onClose, onChecked }: ClusterDialogProps) {
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const clients = useClientOptions(opened);
  const create = useCreateCluster();
  const update = useUpdateCluster();
  const test = useTestConnection();
  const editing = cluster !== null;
  // the contracts' body (create or update) checks the values as sent; the password is optional (a server with trust or
  // peer authentication needs none; on an edit an empty one keeps the stored one)
  const resolver = useMemo(
    () =>
      bodyResolver<ClusterForm, CreateClusterBody | UpdateClusterBody>(
        (v) => bodyOf(v, cluster !== null),
        cluster ? updateClusterBodySchema : createClusterBodySchema,
        [],
      ),
    [cluster],
  );
  // messages follow a save (or a test), not every keystroke
  const form = useForm<ClusterForm, unknown, CreateClusterBody | UpdateClusterBody>({
    resolver,
    defaultValues: empty(),
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const { reset } = form;
  const errors = flatErrors(form.formState.errors);

  useEffect(() => {
    if (!opened) return;
    reset(cluster ? fromCluster(cluster) : empty());
    setFormError(null);
    setCheck(null);
  }, [opened, cluster, reset]);

  const failed = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
      setFieldErrors(form, serverErrors(error.errors));
      setFormError(CLUSTER_TEXTS.fillRequired);
    } else {
      setFormError(errorMessage(error, CLUSTER_TEXTS.syncFailed));
    }
  };

  const saved = (result: Cluster) => {
    notifySuccess(CLUSTER_TEXTS.clusterSaved);
    if (result.check) {
      onChecked(result.id, result.check);
      if (!result.check.reachable) notifyFailure(`Saved, but the database is not reachable: ${result.check.error}`);
    }
    onClose();
  };

  const submit = form.handleSubmit(
    (body) => {
      setFormError(null);
      if (editing) update.mutate({ id: cluster.id, ...body }, { onSuccess: saved, onError: failed });
      else create.mutate(body as CreateClusterBody, { onSuccess: saved, onError: failed });
    },
    () => setFormError(CLUSTER_TEXTS.fillRequired),
  );

  const runTest = () => {
    setCheck(null);
    const config = configBody(form.getValues('db_entities_master'));
    test.mutate(
      { config: config as never, ...(editing ? { cluster_id: cluster.id } : {}) },
      {
        onSuccess: setCheck,
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 422) {
            setFieldErrors(
              form,
              Object.fromEntries(
                Object.entries(serverErrors(error.errors)).map(([k, v]) => [
                  k.replace(/^config/, 'db_entities_master'),
                  v,
                ]),
              ),
            );
            setFormError(CLUSTER_TEXTS.fillRequired);
          } else setFormError(errorMessage(error, 'Error'));
        },
      },
    );
  };

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={editing ? `Edit cluster ${cluster.cluster_name}` : 'Create cluster'}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {formError && (
            <Alert color="red" role="alert">
              {formError}
            </Alert>
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label="Cluster name"
              withAsterisk
              data-autofocus
              {...form.register('cluster_name')}
              error={errors.cluster_name}
            />
            <Controller
              control={form.control}
              name="default"
              render={({ field }) => (
                <Select
                  label="Default"
                  withAsterisk
                  data={['0', '1']}
                  value={field.value}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  error={errors.default}
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="client_ids"
            render={({ field }) => (
              <MultiSelect
                label="Clients"
                withAsterisk={!editing}
                searchable
                placeholder={clients.isPending ? 'Loading clients…' : 'Pick the clients whose data this cluster holds'}
                data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.client_ids}
              />
            )}
          />
          <Fieldset legend="Master database (db_entities_master)">
            <Controller
              control={form.control}
              name="db_entities_master"
              render={({ field }) => (
                <DbConfigFields
                  value={field.value}
                  onChange={field.onChange}
                  errors={errors}
                  prefix="db_entities_master"
                  passwordSet={cluster?.db_entities_master.password_set ?? false}
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
          {!editing && (
            <Fieldset legend="First db sub">
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm" mb="sm">
                <TextInput
                  label="Db sub name"
                  withAsterisk
                  {...form.register('db_subs.0.name')}
                  error={errors['db_subs.0.name']}
                />
                <TextInput
                  label="Region"
                  withAsterisk
                  {...form.register('db_subs.0.region')}
                  error={errors['db_subs.0.region']}
                />
                <Controller
                  control={form.control}
                  name="db_subs.0.shard_number"
                  render={({ field }) => (
                    <NumberInput
                      label="Shard number"
                      withAsterisk
                      min={0}
                      allowDecimal={false}
                      value={field.value}
                      onChange={field.onChange}
                      onBlur={field.onBlur}
                      error={errors['db_subs.0.shard_number']}
                    />
                  )}
                />
              </SimpleGrid>
              <Controller
                control={form.control}
                name="db_subs.0.config"
                render={({ field }) => (
                  <DbConfigFields
                    value={field.value}
                    onChange={field.onChange}
                    errors={errors}
                    prefix="db_subs.0.config"
                  />
                )}
              />
            </Fieldset>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={create.isPending || update.isPending}>
              {editing ? 'Save' : 'Create'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
