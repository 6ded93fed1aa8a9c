import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { type Domain, type DomainCreate, domainCreateSchema, siteUrlOriginNotice } from '@pushdeck/contracts';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useCreateDomain } from '../api/use-domains';

const FIELDS = ['url'] as const;

/** The address of the new website; the contract's rules first, then the server's (duplicates, 'Select a client!'). */
export function NewWebsiteForm({ onCreated }: { onCreated: (domain: Domain) => void }) {
  const create = useCreateDomain();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<z.input<typeof domainCreateSchema>, unknown, DomainCreate>({
    resolver: zodResolver(domainCreateSchema),
    defaultValues: { url: '' },
    // A message stays until the address changes, then goes until the next submit.
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const originNotice = siteUrlOriginNotice(useWatch({ control: form.control, name: 'url' }));

  const submit = form.handleSubmit(
    ({ url }) => {
      setFormError(null);
      // While saving the field and the button are disabled; Enter in another field must not send it twice.
      if (create.isPending) return;
      create.mutate(url, {
        onSuccess: onCreated,
        onError: (error) => {
          if (!applyServerErrors(error, form.setError, FIELDS)) setFormError(errorMessage(error, 'Error!'));
        },
      });
    },
    () => setFormError(null),
  );

  return (
    <form onSubmit={submit} noValidate>
      <TextInput
        label="Website URL"
        description={
          originNotice ? (
            <Text component="span" size="xs" c="orange.8" role="status">
              {originNotice}
            </Text>
          ) : (
            'The address visitors open, with http:// or https://'
          )
        }
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        placeholder="https://example.com"
        type="url"
        error={errors.url?.message}
        withAsterisk
        data-autofocus
        disabled={create.isPending}
        {...form.register('url', { onChange: () => form.clearErrors('url') })}
      />
      {formError && (
        <Alert color="red" role="alert" mt="md">
          {formError}
        </Alert>
      )}
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          Add website
        </Button>
      </Group>
    </form>
  );
}
