import { Alert, Button, Group, NumberInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { createConnectionBodySchema, INFRA_MSG } from '@pushdeck/contracts';
import { useState } from 'react';
import { notifySuccess } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useCreateConnection } from '../api/use-connections';

const EMPTY = {
  type: 'api',
  name: '',
  attribute: '',
  number: '' as number | string,
  tag: '',
  datacenter: '',
  region: '',
};

/** Registers a new API or DB connection (then it can be bound). An API connection's attribute is its base URL. */
export function NewConnectionForm({ onDone }: { onDone: () => void }) {
  const create = useCreateConnection();
  const [v, setV] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const text = (key: 'name' | 'attribute' | 'tag' | 'datacenter' | 'region') => ({
    value: v[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setV({ ...v, [key]: e.currentTarget.value }),
    error: errors[key],
  });

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = createConnectionBodySchema.safeParse({
      ...v,
      number: v.number === '' ? null : Number(v.number),
      is_active: 1,
    });
    if (!parsed.success) {
      const out: Record<string, string> = {};
      for (const i of parsed.error.issues) out[String(i.path[0])] ??= i.message;
      setErrors(out);
      setFormError(INFRA_MSG.fillRequired);
      return;
    }
    setErrors({});
    setFormError(null);
    create.mutate(parsed.data, {
      onSuccess: (c) => {
        notifySuccess(`Connection ${c.name} has been created.`);
        setV(EMPTY);
        onDone();
      },
      onError: (e) => {
        if (isApiRequestError(e) && e.status === 422) {
          setErrors(Object.fromEntries(Object.entries(e.errors).map(([k, m]) => [k, m[0] ?? ''])));
        }
        setFormError(errorMessage(e, 'Error'));
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="New connection">
      <Stack gap="sm">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <Select
            label="Type"
            withAsterisk
            data={[
              { value: 'api', label: 'API' },
              { value: 'db', label: 'Database' },
            ]}
            value={v.type}
            onChange={(t) => setV({ ...v, type: t ?? 'api' })}
            allowDeselect={false}
          />
          <TextInput label="Name" withAsterisk {...text('name')} />
          <TextInput
            label="Attribute"
            withAsterisk
            description={v.type === 'api' ? 'Base URL of the API node' : 'Host of the database'}
            {...text('attribute')}
          />
          <NumberInput
            label="Number"
            min={0}
            allowDecimal={false}
            value={v.number}
            onChange={(n) => setV({ ...v, number: n })}
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
