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
  createClusterBodySchema,
  INFRA_MSG,
  updateClusterBodySchema,
} from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { notifyFailure, notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useClientOptions, useCreateCluster, useTestConnection, useUpdateCluster } from '../api/use-clusters';
import { CLUSTER_TEXTS, type FieldErrors, issuesToErrors, serverErrors } from '../lib/cluster-texts';
import { CheckResult } from './check-result';
import { configBody, DbConfigFields, type DbConfigState, EMPTY_DB_CONFIG } from './db-config-fields';

interface State {
  cluster_name: string;
  default: string;
  client_ids: string[];
  master: DbConfigState;
  sub: { name: string; region: string; shard_number: number | string; config: DbConfigState };
}

const empty = (): State => ({
  cluster_name: '',
  default: '0',
  client_ids: [],
  master: EMPTY_DB_CONFIG,
  sub: { name: '', region: '', shard_number: 0, config: EMPTY_DB_CONFIG },
});

const fromCluster = (c: Cluster): State => ({
  ...empty(),
  cluster_name: c.cluster_name,
  default: String(c.default),
  client_ids: c.clients.map((x) => String(x.id)),
  master: { ...c.db_entities_master, password: '' },
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
  const [state, setState] = useState<State>(empty);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [check, setCheck] = useState<ConnectionCheck | null>(null);
  const clients = useClientOptions(opened);
  const create = useCreateCluster();
  const update = useUpdateCluster();
  const test = useTestConnection();
  const editing = cluster !== null;

  useEffect(() => {
    if (!opened) return;
    setState(cluster ? fromCluster(cluster) : empty());
    setErrors({});
    setFormError(null);
    setCheck(null);
  }, [opened, cluster]);

  const body = () => ({
    cluster_name: state.cluster_name,
    default: state.default === '' ? undefined : Number(state.default),
    db_entities_master: configBody(state.master),
    client_ids: state.client_ids.map(Number),
    ...(editing
      ? {}
      : {
          db_subs: [
            {
              name: state.sub.name,
              region: state.sub.region,
              shard_number: state.sub.shard_number === '' ? undefined : Number(state.sub.shard_number),
              config: configBody(state.sub.config),
            },
          ],
        }),
  });

  const failed = (error: unknown) => {
    if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
      setErrors(serverErrors(error.errors));
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

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const payload = body();
    const parsed = editing ? updateClusterBodySchema.safeParse(payload) : createClusterBodySchema.safeParse(payload);
    const local = parsed.success ? {} : issuesToErrors(parsed.error.issues);
    if (!state.master.password && !(editing && cluster.db_entities_master.password_set)) {
      local['db_entities_master.password'] = INFRA_MSG.fillRequired;
    }
    if (!editing && !state.sub.config.password) local['db_subs.0.config.password'] = INFRA_MSG.fillRequired;
    if (Object.keys(local).length > 0) {
      setErrors(local);
      setFormError(CLUSTER_TEXTS.fillRequired);
      return;
    }
    setErrors({});
    setFormError(null);
    if (editing) {
      update.mutate({ id: cluster.id, ...(parsed.data as object) }, { onSuccess: saved, onError: failed });
    } else {
      create.mutate(parsed.data as Parameters<typeof create.mutate>[0], { onSuccess: saved, onError: failed });
    }
  };

  const runTest = () => {
    setCheck(null);
    const config = configBody(state.master);
    test.mutate(
      { config: config as never, ...(editing ? { cluster_id: cluster.id } : {}) },
      {
        onSuccess: setCheck,
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 422) {
            setErrors(
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

  const sub = state.sub;
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
              value={state.cluster_name}
              onChange={(e) => setState({ ...state, cluster_name: e.currentTarget.value })}
              error={errors.cluster_name}
            />
            <Select
              label="Default"
              withAsterisk
              data={['0', '1']}
              value={state.default}
              onChange={(v) => setState({ ...state, default: v ?? '' })}
              error={errors.default}
            />
          </SimpleGrid>
          <MultiSelect
            label="Clients"
            withAsterisk={!editing}
            searchable
            placeholder={clients.isPending ? 'Loading clients…' : 'Pick the clients whose data this cluster holds'}
            data={(clients.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
            value={state.client_ids}
            onChange={(v) => setState({ ...state, client_ids: v })}
            error={errors.client_ids}
          />
          <Fieldset legend="Master database (db_entities_master)">
            <DbConfigFields
              value={state.master}
              onChange={(master) => setState({ ...state, master })}
              errors={errors}
              prefix="db_entities_master"
              passwordSet={cluster?.db_entities_master.password_set ?? false}
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
                  value={sub.name}
                  onChange={(e) => setState({ ...state, sub: { ...sub, name: e.currentTarget.value } })}
                  error={errors['db_subs.0.name']}
                />
                <TextInput
                  label="Region"
                  withAsterisk
                  value={sub.region}
                  onChange={(e) => setState({ ...state, sub: { ...sub, region: e.currentTarget.value } })}
                  error={errors['db_subs.0.region']}
                />
                <NumberInput
                  label="Shard number"
                  withAsterisk
                  min={0}
                  allowDecimal={false}
                  value={sub.shard_number}
                  onChange={(v) => setState({ ...state, sub: { ...sub, shard_number: v } })}
                  error={errors['db_subs.0.shard_number']}
                />
              </SimpleGrid>
              <DbConfigFields
                value={sub.config}
                onChange={(config) => setState({ ...state, sub: { ...sub, config } })}
                errors={errors}
                prefix="db_subs.0.config"
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
