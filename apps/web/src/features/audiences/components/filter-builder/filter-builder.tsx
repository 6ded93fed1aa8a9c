import { ActionIcon, Button, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { AUDIENCE_LIMITS, type AudienceJoin } from '@pushdeck/contracts';
import { IconBracketsContain, IconPlus, IconTrash } from '@tabler/icons-react';
import {
  type BuilderNode,
  conditionErrors,
  type FieldErrors,
  type GroupNode,
  newCondition,
  newGroup,
  nodePath,
  ownErrors,
  replaceNode,
} from '../../lib/builder-model';
import { ConditionRow, JOIN_OPTIONS } from './condition-row';

interface ListProps {
  nodes: BuilderNode[];
  /** Error-key prefix of the list's owner ('query' at the top). */
  path: string;
  /** '' at the top, '2.' inside the second item. */
  labelPrefix: string;
  depth: number;
  errors: FieldErrors;
  /** The whole tree changes through these two. */
  onReplace: (id: string, next: BuilderNode | null) => void;
  onListChange: (nodes: BuilderNode[]) => void;
}

function GroupBox({
  node,
  label,
  first,
  path,
  depth,
  errors,
  onReplace,
}: { node: GroupNode; label: string; first: boolean } & Omit<ListProps, 'nodes' | 'labelPrefix' | 'onListChange'>) {
  const name = `group ${label}`;
  const messages = ownErrors(errors, path);
  return (
    <Fieldset
      aria-label={`Group ${label}`}
      p="sm"
      legend={
        <Group gap="xs">
          {first ? (
            <Text size="sm" c="dimmed">
              Where
            </Text>
          ) : (
            <NativeSelect
              aria-label={`Join of ${name}`}
              size="xs"
              w={84}
              data={JOIN_OPTIONS}
              value={node.join}
              onChange={(e) => onReplace(node.id, { ...node, join: e.currentTarget.value as AudienceJoin })}
            />
          )}
          <Text size="sm" fw={600}>
            Group {label}
          </Text>
          <ActionIcon
            variant="subtle"
            color="red"
            size="sm"
            aria-label={`Remove ${name}`}
            onClick={() => onReplace(node.id, null)}
          >
            <IconTrash size={14} aria-hidden />
          </ActionIcon>
        </Group>
      }
    >
      {messages.map((message) => (
        <Text key={message} size="xs" c="red" mb={4}>
          {message}
        </Text>
      ))}
      <NodeList
        nodes={node.children}
        path={path}
        labelPrefix={`${label}.`}
        depth={depth + 1}
        errors={errors}
        onReplace={onReplace}
        onListChange={(children) => onReplace(node.id, { ...node, children })}
      />
    </Fieldset>
  );
}

function NodeList({ nodes, path, labelPrefix, depth, errors, onReplace, onListChange }: ListProps) {
  const where = labelPrefix ? `group ${labelPrefix.slice(0, -1)}` : 'the audience';
  return (
    <Stack gap="xs">
      {nodes.map((node, index) => {
        const label = `${labelPrefix}${index + 1}`;
        const own = nodePath(path, index, node);
        return node.kind === 'group' ? (
          <GroupBox
            key={node.id}
            node={node}
            label={label}
            first={index === 0}
            path={own}
            depth={depth}
            errors={errors}
            onReplace={onReplace}
          />
        ) : (
          <ConditionRow
            key={node.id}
            node={node}
            label={label}
            first={index === 0}
            errors={conditionErrors(errors, own)}
            onChange={(next) => onReplace(node.id, next)}
            onRemove={() => onReplace(node.id, null)}
          />
        );
      })}
      <Group gap="xs">
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => onListChange([...nodes, newCondition()])}
          aria-label={`Add condition to ${where}`}
        >
          Add condition
        </Button>
        {depth <= AUDIENCE_LIMITS.depthMax && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconBracketsContain size={14} aria-hidden />}
            onClick={() => onListChange([...nodes, newGroup()])}
            aria-label={`Add group to ${where}`}
          >
            Add group
          </Button>
        )}
      </Group>
    </Stack>
  );
}

export interface FilterBuilderProps {
  nodes: BuilderNode[];
  onChange: (nodes: BuilderNode[]) => void;
  /** Keyed like the server's 422 (`query.filters.0.device.values`). */
  errors: FieldErrors;
}

/** The visual query builder: conditions (field, operator, values) and and/or groups, nested up to the limit. */
export function FilterBuilder({ nodes, onChange, errors }: FilterBuilderProps) {
  const top = ownErrors(errors, 'query');
  return (
    <Stack gap="xs">
      {nodes.length === 0 && (
        <Text size="sm" c="dimmed">
          No conditions: the audience holds every subscriber of the website.
        </Text>
      )}
      {top.map((message) => (
        <Text key={message} size="xs" c="red">
          {message}
        </Text>
      ))}
      <NodeList
        nodes={nodes}
        path="query"
        labelPrefix=""
        depth={1}
        errors={errors}
        onReplace={(id, next) => onChange(replaceNode(nodes, id, next))}
        onListChange={onChange}
      />
    </Stack>
  );
}
