import { Alert, Button, Group, NativeSelect, Paper, Stack, Text, TextInput } from '@mantine/core';
import type { Segment } from '@pushdeck/contracts';
import { MSG, SEGMENT_TYPES, type SegmentType, segmentCreateSchema } from '@pushdeck/contracts';
import { type FormEvent, useMemo, useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage, isApiRequestError } from '@/lib/api';
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

/** Splits 422 messages (or the schema's own issues) into the name, the type and the builder's conditions. */
function splitErrors(errors: FieldErrors) {
  const query: FieldErrors = {};
  let name: string | undefined;
  let type: string | undefined;
  const other: string[] = [];
  for (const [key, messages] of Object.entries(errors)) {
    if (key === 'query' || key.startsWith('query.')) query[key] = messages;
    else if (key === 'name') name = messages[0];
    else if (key === 'type') type = messages[0];
    else other.push(...messages);
  }
  return { query, name, type, other };
}

const issuesToErrors = (issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors => {
  const out: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    out[key] = [...(out[key] ?? []), issue.message];
  }
  return out;
};

/** Name, type, the visual filter builder and the live count; saves through the contract's schema. */
export function AudienceForm({ domainId, segmentId, initial, onSaved, onCancel }: AudienceFormProps) {
  const save = useSaveSegment(domainId, segmentId);
  const [name, setName] = useState(initial.name);
  const [type, setType] = useState<SegmentType>(initial.type);
  const [nodes, setNodes] = useState<BuilderNode[]>(initial.nodes);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  // The live count asks only for a query the schema accepts (an incomplete one would answer 422).
  const checked = useMemo(() => checkQuery(nodes), [nodes]);
  const liveQuery = Object.keys(checked.errors).length === 0 ? checked.query : undefined;
  const split = splitErrors(errors);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (save.isPending) return;
    setFormError(null);
    const parsed = segmentCreateSchema.safeParse({ name, type, domain_id: domainId, query: checked.query });
    const problems = { ...(parsed.success ? {} : issuesToErrors(parsed.error.issues)), ...checked.errors };
    if (!parsed.success || Object.keys(problems).length > 0) {
      setErrors(problems);
      notifyFailure(MSG.fillRequired);
      return;
    }
    setErrors({});
    const { name: cleanName, type: cleanType, query } = parsed.data;
    save.mutate(
      { name: cleanName, type: cleanType, query },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (isApiRequestError(error) && error.status === 422 && Object.keys(error.errors).length > 0) {
            setErrors(error.errors);
            const { other } = splitErrors(error.errors);
            if (other.length > 0) setFormError(other.join(' '));
          } else {
            setFormError(errorMessage(error, MSG.error));
          }
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate aria-label={segmentId ? 'Edit audience' : 'Create audience'}>
      <Stack gap="md">
        <Group align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label="Name"
            withAsterisk
            value={name}
            onChange={(e) => {
              setName(e.currentTarget.value);
              setErrors(({ name: _gone, ...rest }) => rest);
            }}
            error={split.name}
            w={{ base: '100%', sm: 360 }}
            data-autofocus
          />
          <NativeSelect
            label="Type"
            data={TYPE_OPTIONS}
            value={type}
            onChange={(e) => setType(e.currentTarget.value as SegmentType)}
            error={split.type}
            w={160}
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
                setErrors(({ name: keep, type: keepType }) => ({
                  ...(keep ? { name: keep } : {}),
                  ...(keepType ? { type: keepType } : {}),
                }));
              }}
              errors={split.query}
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
