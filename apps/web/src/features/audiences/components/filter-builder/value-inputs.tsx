import { Group, TagsInput, TextInput } from '@mantine/core';
import { type ConditionNode, kindOf, valueShape } from '../../lib/builder-model';

interface ValueInputsProps {
  node: ConditionNode;
  /** 'condition 2.1': names the inputs for screen readers. */
  name: string;
  invalid: boolean;
  onChange: (values: string[]) => void;
}

/** One value, two (between: from and to) or a list (in), typed by the field: text, whole number or date. */
export function ValueInputs({ node, name, invalid, onChange }: ValueInputsProps) {
  const kind = kindOf(node.field);
  const shape = valueShape(node.operator);
  const common = {
    error: invalid || undefined,
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
        error={invalid || undefined}
        clearable
        style={{ flex: 1, minWidth: 200 }}
      />
    );
  }
  if (shape === 'two') {
    const [from = '', to = ''] = node.values;
    return (
      <Group gap="xs" wrap="nowrap" style={{ flex: 1 }}>
        <TextInput
          {...common}
          aria-label={`From value of ${name}`}
          value={from}
          onChange={(e) => onChange([e.currentTarget.value, to])}
        />
        <TextInput
          {...common}
          aria-label={`To value of ${name}`}
          value={to}
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
      onChange={(e) => onChange([e.currentTarget.value])}
      style={{ flex: 1, minWidth: 160 }}
    />
  );
}
