import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Segment } from '@pushdeck/contracts';
import { MSG, SEGMENT_TYPES, type SegmentType, segmentCreateSchema } from '@pushdeck/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
import { applyServerErrors } from '@/lib/forms/server-errors';
import { useSaveSegment } from '../api/use-segments';
import { type BuilderNode, checkQuery, type FieldErrors } from '../lib/builder-model';
import { FilterBuilder } from './filter-builder/filter-builder';
import { LiveCount } from './live-count';

export interface AudienceFormValues {
  name: string;
  type: SegmentType;
  nodes: BuilderNode[];
}

interface AudienceFormProps {
  domainId: number;
  /** Set when editing. */
  segmentId?: number;
  initial: AudienceFormValues;
  onSaved: (segment: Segment) => void;
  onCancel: () => void;
}

const TYPE_OPTIONS = SEGMENT_TYPES.map((t) => ({ value: t, label: t === 'audience' ? 'Audience' : 'Segment' }));

/** Name, type and website: the contract's segment schema without the query, which the builder checks itself. */
const headSchema = segmentCreateSchema.omit({ query: true });
const HEAD_FIELDS = ['name', 'type'] as const;

/** The query's 422 messages (`query`, `query.…`) for the builder; anything not about name, type or query apart. */
function splitServerErrors(errors: FieldErrors) {
  const query: FieldErrors = {};
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (key === 'query' || key.startsWith('query.')) query[key] = messages;
    else if (!(HEAD_FIELDS as readonly string[]).includes(key)) other.push(...messages);
  }
  return { query, other };
}

/** Name, type, the visual filter builder and the live count; saves through the contract's schema. */
export function AudienceForm({ domainId, segmentId, initial, onSaved, onCancel }: AudienceFormProps) {
  const save = useSaveSegment(domainId, segmentId);
  // A message stays until its field changes, then goes until the next save.
  const form = useForm<z.input<typeof headSchema>, unknown, z.output<typeof headSchema>>({
    resolver: zodResolver(headSchema),
    defaultValues: { name: initial.name, type: initial.type, domain_id: domainId },
    reValidateMode: 'onSubmit',
  });
  const { errors } = form.formState;
  const [nodes, setNodes] = useState<BuilderNode[]>(initial.nodes);
  const [queryErrors, setQueryErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The live count asks only for a query the schema accepts (an incomplete one would answer 422).
  const checked = useMemo(() => checkQuery(nodes), [nodes]);
  const liveQuery = Object.keys(checked.errors).length === 0 ? checked.query : undefined;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    // The builder's problems show together with the fields' in one go, and one snackbar says so.
    setQueryErrors(checked.errors);
    form.setValue('domain_id', domainId);
    const builderOk = Object.keys(checked.errors).length === 0;
    void form.handleSubmit(
      ({ name, type }) => {
        if (!builderOk) {
          notifyFailure(MSG.fillRequired);
          return;
        }
        save.mutate(
          { name, type, query: checked.query },
          {
            onSuccess: onSaved,
            onError: (error) => {
              if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
                applyServerErrors(error, form.setError, HEAD_FIELDS);
                const { query, other } = splitServerErrors(error.errors);
                setQueryErrors(query);
                if (other.length > 0) setFormError(other.join(' '));
              } else {
                setFormError(errorMessage(error, MSG.error));
              }
            },
          },
        );
      },
      () => notifyFailure(MSG.fillRequired),
    )(event);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={segmentId ? 'Edit audience' : 'Create audience'}>
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="Name"
            withAsterisk
            error={errors.name?.message}
            w={{ base: '100%', sm: 360 }}
            data-autofocus
            {...form.register('name', { onChange: () => form.clearErrors('name') })}
          />
          <NativeSelect
            label="Type"
            data={TYPE_OPTIONS}
            error={errors.type?.message}
            w={160}
            {...form.register('type')}
          />
        </Group>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Text fw={600} id="conditions-heading">
              Conditions
            </Text>
            <FilterBuilder
              nodes={nodes}
              onChange={(next) => {
                setNodes(next);
                setQueryErrors({});
              }}
              errors={queryErrors}
            />
          </Stack>
        </Paper>
        <LiveCount domainId={domainId} query={liveQuery} />
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {segmentId ? 'Save changes' : 'Save'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
