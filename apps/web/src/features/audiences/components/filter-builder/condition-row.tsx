import { ActionIcon, Group, NativeSelect, Stack, Text } from '@mantine/core';
import type { AudienceField, AudienceJoin, AudienceOperator } from '@pushdeck/contracts';
import { IconTrash } from '@tabler/icons-react';
import {
  type ConditionErrors,
  type ConditionNode,
  FIELD_OPTIONS,
  operatorsFor,
  withField,
  withOperator,
} from '../../lib/builder-model';
import { ValueInputs } from './value-inputs';

export const JOIN_OPTIONS = [
  { value: 'and', label: 'and' },
  { value: 'or', label: 'or' },
];

interface ConditionRowProps {
  node: ConditionNode;
  /** '2.1': the condition's place in the tree. */
  label: string;
  first: boolean;
  /** Value messages show at their inputs; the others under the row. */
  errors: ConditionErrors;
  onChange: (node: ConditionNode) => void;
  onRemove: () => void;
}

/** One condition: how it joins the ones before it, then field, operator and value(s). */
export function ConditionRow({ node, label, first, errors, onChange, onRemove }: ConditionRowProps) {
  const name = `condition ${label}`;
  return (
    <Stack gap={4} role="group" aria-label={`Condition ${label}`}>
      <Group gap="xs" align="flex-start" wrap="wrap">
        {first ? (
          <Text size="sm" w={84} pt={6} c="dimmed">
            Where
          </Text>
        ) : (
          <NativeSelect
            aria-label={`Join of ${name}`}
            w={84}
            data={JOIN_OPTIONS}
            value={node.join}
            onChange={(e) => onChange({ ...node, join: e.currentTarget.value as AudienceJoin })}
          />
        )}
        <NativeSelect
          aria-label={`Field of ${name}`}
          w={170}
          data={FIELD_OPTIONS}
          value={node.field}
          onChange={(e) => onChange(withField(node, e.currentTarget.value as AudienceField))}
        />
        <NativeSelect
          aria-label={`Operator of ${name}`}
          w={130}
          data={operatorsFor(node.field).map((op) => ({ value: op, label: op }))}
          value={node.operator}
          onChange={(e) => onChange(withOperator(node, e.currentTarget.value as AudienceOperator))}
        />
        <ValueInputs node={node} name={name} errors={errors} onChange={(values) => onChange({ ...node, values })} />
        <ActionIcon variant="subtle" color="red" size="lg" aria-label={`Remove ${name}`} onClick={onRemove}>
          <IconTrash size={16} aria-hidden />
        </ActionIcon>
      </Group>
      {errors.other.map((message) => (
        <Text key={message} size="xs" c="red" pl={92}>
          {message}
        </Text>
      ))}
    </Stack>
  );
}
