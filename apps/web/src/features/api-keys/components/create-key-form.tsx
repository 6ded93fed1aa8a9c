import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Checkbox, Group, MultiSelect, Radio, Stack, TextInput } from '@mantine/core';
import {
  API_KEY_LIMITS,
  API_KEY_MSG,
  API_SCOPE_LABELS,
  API_SCOPES,
  type CreatedApiKey,
  createApiKeyBodySchema,
} from '@pushdeck/contracts';
import { useEffect, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useCreateApiKey, useKeyWebsites } from '../api/api-keys-api';
import { API_KEY_TEXTS, SCOPE_HINTS } from '../lib/api-key-texts';

/** The call's body, plus the choice between every website and some (none picked would mean every website). */
const formSchema = createApiKeyBodySchema.extend({ websites: z.enum(['all', 'some']) }).superRefine((values, ctx) => {
  if (values.websites === 'some' && !values.website_ids) {
    ctx.addIssue({ code: 'custom', path: ['website_ids'], message: API_KEY_TEXTS.pickWebsites });
  }
});
type FormInput = z.input<typeof formSchema>;
type FormOutput = z.output<typeof formSchema>;

const FIELDS = ['name', 'scopes', 'website_ids'] as const;
const EMPTY: FormInput = { name: '', scopes: [], websites: 'all', website_ids: [] };

export interface CreateKeyFormProps {
  opened: boolean;
  onCreated: (key: CreatedApiKey) => void;
  onCancel: () => void;
}

/** Name, scopes (each with what it allows) and websites (all, or some of the client's). */
export function CreateKeyForm({ opened, onCreated, onCancel }: CreateKeyFormProps) {
  const create = useCreateApiKey();
  const websites = useKeyWebsites();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, FormOutput>({ resolver: zodResolver(formSchema), defaultValues: EMPTY });
  const { errors } = form.formState;
  const { reset } = form;
  const some = form.watch('websites') === 'some';

  useEffect(() => {
    if (!opened) return;
    reset(EMPTY);
    setFormError(null);
  }, [opened, reset]);

  const submit = form.handleSubmit((values) => {
    setFormError(null);
    const body = {
      name: values.name,
      scopes: values.scopes,
      website_ids: values.websites === 'all' ? null : values.website_ids,
    };
    create.mutate(body, {
      onSuccess: onCreated,
      onError: (error) => {
        if (applyServerErrors(error, form.setError, FIELDS)) return;
        const client = isApiRequestError(error) ? error.fieldError('client') : '';
        setFormError(client ? API_KEY_MSG.selectClient : errorMessage(error, API_KEY_TEXTS.createFailed));
      },
    });
  });

  const websiteOptions = (websites.data ?? []).map((w) => ({ value: String(w.id), label: w.url }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="md">
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Name"
          description="Say where the key is used, e.g. “Shop order system”."
          withAsterisk
          data-autofocus
          maxLength={API_KEY_LIMITS.nameMax}
          error={errors.name?.message}
          {...form.register('name')}
        />
        <Controller
          control={form.control}
          name="scopes"
          render={({ field }) => (
            <Checkbox.Group
              label="Scopes"
              description="What the key may do: give it only what it needs."
              withAsterisk
              value={field.value ?? []}
              onChange={field.onChange}
              error={errors.scopes?.message ?? errors.scopes?.root?.message}
            >
              <Stack gap="xs" mt="xs">
                {API_SCOPES.map((scope) => (
                  <Checkbox
                    key={scope}
                    value={scope}
                    label={API_SCOPE_LABELS[scope]}
                    description={SCOPE_HINTS[scope]}
                    onBlur={field.onBlur}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        />
        <Controller
          control={form.control}
          name="websites"
          render={({ field }) => (
            <Radio.Group label="Websites" value={field.value} onChange={field.onChange}>
              <Group gap="lg" mt="xs">
                <Radio value="all" label={API_KEY_TEXTS.allWebsites} description="Also websites added later." />
                <Radio value="some" label="Only some websites" />
              </Group>
            </Radio.Group>
          )}
        />
        {some && (
          <Controller
            control={form.control}
            name="website_ids"
            render={({ field }) => (
              <MultiSelect
                label="The key's websites"
                placeholder={websites.isPending ? 'Loading websites…' : 'Pick websites'}
                data={websiteOptions}
                value={(field.value ?? []).map(String)}
                onChange={(ids) => field.onChange(ids.map(Number))}
                onBlur={field.onBlur}
                searchable
                nothingFoundMessage={websites.isError ? 'The websites could not be loaded.' : 'No websites found'}
                error={errors.website_ids?.message}
                comboboxProps={{ withinPortal: true }}
              />
            )}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Create key
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
