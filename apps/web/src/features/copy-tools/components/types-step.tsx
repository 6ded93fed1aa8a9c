import { Checkbox, Group, Paper, Stack, Title } from '@mantine/core';
import type { CopyType } from './use-copy-sources';

const LABELS: Record<CopyType, string> = {
  recurring: 'Recurring Drips',
  welcome: 'Welcome Drips',
  audiences: 'Audience Filters',
};

/** Step 3: what to copy (and, for Copy Tools 2.0, 'With Groups'). */
export function TypesStep(props: {
  offered: CopyType[];
  types: ReadonlySet<CopyType>;
  onTypes: (next: Set<CopyType>) => void;
  /** undefined: no 'With Groups' box. */
  withGroups: boolean | undefined;
  onWithGroups: (value: boolean) => void;
  /** undefined: no duplicates box (Copy Tools 2.0 reports drips copied before instead of copying them again). */
  duplicates?: boolean | undefined;
  onDuplicates?: (value: boolean) => void;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Title order={2} size="h5">
          Step 3: Types
        </Title>
        <Group>
          {props.offered.map((t) => (
            <Checkbox
              key={t}
              label={LABELS[t]}
              checked={props.types.has(t)}
              onChange={() => {
                const next = new Set(props.types);
                if (next.has(t)) next.delete(t);
                else next.add(t);
                props.onTypes(next);
              }}
            />
          ))}
          {props.withGroups !== undefined && (
            <Checkbox
              label="With Groups"
              checked={props.withGroups}
              onChange={(e) => props.onWithGroups(e.currentTarget.checked)}
            />
          )}
          {props.duplicates !== undefined && (
            <Checkbox
              label="Copy again drips copied before"
              checked={props.duplicates}
              onChange={(e) => props.onDuplicates?.(e.currentTarget.checked)}
            />
          )}
        </Group>
      </Stack>
    </Paper>
  );
}
