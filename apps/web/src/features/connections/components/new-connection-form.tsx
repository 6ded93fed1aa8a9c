import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type CreateConnectionBody, createConnectionBodySchema, INFRA_MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { bodyResolver, flatErrors, setFieldErrors } from '@/lib/forms/body-resolver';
import { useCreateConnection } from '../api/use-connections';

interface ConnectionForm {
  type: string;
  name: string;
  attribute: string;
  number: number | string;
  tag: string;
  datacenter: string;
  region: string;
}

const EMPTY: ConnectionForm = {
  type: 'api',
  name: '',
  attribute: '',
  number: '',
  tag: '',
  datacenter: '',
  region: '',
};

// the contracts' body checks the values as sent (an empty number is none)
const resolver = bodyResolver<ConnectionForm, CreateConnectionBody>(
  (v) => ({ ...v, number: v.number === '' ? null : Number(v.number), is_active: 1 }),
  createConnectionBodySchema,
  [],
);

/** Registers a new API or DB connection (then it can be bound). An API connection's attribute is its base URL. */
export function NewConnectionForm({ onDone }: { onDone: () => void }) {
  const create = useCreateConnection();
  // messages follow a save, not every keystroke
  const form = useForm<ConnectionForm, unknown, CreateConnectionBody>({
    resolver,
    defaultValues: EMPTY,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const [formError, setFormError] = useState<string | null>(null);
  const errors = flatErrors(form.formState.errors);
  const text = (key: 'name' | 'attribute' | 'tag' | 'datacenter' | 'region') => ({
    ...form.register(key),
    error: errors[key],
  });
  const type = form.watch('type');

  const submit = form.handleSubmit(
    (body) => {
      setFormError(null);
      create.mutate(body, {
        onSuccess: (c) => {
          notifySuccess(`Connection ${c.name} has been created.`);
          form.reset(EMPTY);
          onDone();
        },
        onError: (e) => {
          if (isApiRequestError(e) && e.status === 422) {
            setFieldErrors(form, Object.fromEntries(Object.entries(e.errors).map(([k, m]) => [k, m[0] ?? ''])));
          }
          setFormError(errorMessage(e, 'Error'));
        },
      });
    },
    () => setFormError(INFRA_MSG.fillRequired),
  );

  return (
    <form onSubmit={submit} noValidate aria-label="New connection">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Controller
            control={form.control}
            name="type"
            render={({ field }) => (
              <Select
                label="Type"
                withAsterisk
                data={[
                  { value: 'api', label: 'API' },
                  { value: 'db', label: 'Database' },
                ]}
                value={field.value}
                onChange={(t) => field.onChange(t ?? 'api')}
                onBlur={field.onBlur}
                allowDeselect={false}
              />
            )}
          />
          <TextInput label="Name" withAsterisk {...text('name')} />
          <TextInput
            label="Attribute"
            withAsterisk
            description={type === 'api' ? 'Base URL of the API node' : 'Host of the database'}
            {...text('attribute')}
          />
          <Controller
            control={form.control}
            name="number"
            render={({ field }) => (
              <NumberInput
                label="Number"
                min={0}
                allowDecimal={false}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
          <TextInput label="Tag" {...text('tag')} />
          <TextInput label="Datacenter" {...text('datacenter')} />
          <TextInput label="Region" description="Matched against the websites' geo tags" {...text('region')} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" loading={create.isPending}>
            Create connection
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
