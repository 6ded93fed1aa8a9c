import { Group, TagsInput, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';
import { type ConditionErrors, type ConditionNode, kindOf, valueShape } from '../../lib/builder-model';

interface ValueInputsProps {
  node: ConditionNode;
  /** 'condition 2.1': names the inputs for screen readers. */
  name: string;
  /** Each message shows under the input it is about (and is that input's accessible description). */
  errors: ConditionErrors;
  onChange: (values: string[]) => void;
}

/** Messages as an input's error: undefined without any, so the input is not marked invalid. */
const errorOf = (messages: readonly string[]): ReactNode => (messages.length > 0 ? messages.join(' ') : undefined);

/** One value, two (between: from and to) or a list (in), typed by the field: text, whole number or date. */
export function ValueInputs({ node, name, errors, onChange }: ValueInputsProps) {
  const kind = kindOf(node.field);
  const shape = valueShape(node.operator);
  const at = (index: number) => errors.byValue[index] ?? [];
  const common = {
    type: kind === 'date' ? 'date' : 'text',
    inputMode: kind === 'number' ? ('numeric' as const) : undefined,
    placeholder: kind === 'number' ? '0' : kind === 'date' ? 'YYYY-MM-DD' : 'Value',
  };
  if (shape === 'list') {
    return (
      <TagsInput
        aria-label={`Values of ${name}`}
        placeholder="Type a value, then Enter"
        value={node.values}
        onChange={onChange}
        error={errorOf([...errors.values, ...errors.byValue.flatMap((m) => m ?? [])])}
        clearable
        style={{ flex: 1, minWidth: 200 }}
      />
    );
  }
  if (shape === 'two') {
    const [from = '', to = ''] = node.values;
    return (
      <Group gap="xs" wrap="nowrap" align="flex-start" style={{ flex: 1 }}>
        <TextInput
          {...common}
          aria-label={`From value of ${name}`}
          value={from}
          error={errorOf(at(0))}
          onChange={(e) => onChange([e.currentTarget.value, to])}
        />
        {/* What concerns both values (their order) shows after the second. */}
        <TextInput
          {...common}
          aria-label={`To value of ${name}`}
          value={to}
          error={errorOf([...at(1), ...errors.values])}
          onChange={(e) => onChange([from, e.currentTarget.value])}
        />
      </Group>
    );
  }
  return (
    <TextInput
      {...common}
      aria-label={`Value of ${name}`}
      value={node.values[0] ?? ''}
      error={errorOf([...at(0), ...errors.values])}
      onChange={(e) => onChange([e.currentTarget.value])}
      style={{ flex: 1, minWidth: 160 }}
    />
  );
}
