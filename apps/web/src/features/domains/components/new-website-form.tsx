import { Alert, Button, Group, Text, TextInput } from '@mantine/core';
import { type Domain, domainCreateSchema, siteUrlOriginNotice } from '@pushdeck/contracts';
import { type FormEvent, useState } from 'react';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { useCreateDomain } from '../api/use-domains';

/** The address of the new website; the contract's rules first, then the server's (duplicates, 'Select a client!'). */
export function NewWebsiteForm({ onCreated }: { onCreated: (domain: Domain) => void }) {
  const create = useCreateDomain();
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const originNotice = siteUrlOriginNotice(url);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (create.isPending) return;
    setFormError(null);
    const parsed = domainCreateSchema.safeParse({ url });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? 'Required.');
      return;
    }
    create.mutate(parsed.data.url, {
      onSuccess: onCreated,
      onError: (error) => {
        const field = isApiRequestError(error) ? error.fieldError('url') : undefined;
        if (field) setFieldError(field);
        else setFormError(errorMessage(error, 'Error!'));
      },
    });
  };

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
        value={url}
        onChange={(event) => {
          setUrl(event.currentTarget.value);
          setFieldError(null);
        }}
        error={fieldError}
        withAsterisk
        data-autofocus
        disabled={create.isPending}
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
