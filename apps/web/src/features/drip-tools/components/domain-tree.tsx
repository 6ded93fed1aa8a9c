import { ActionIcon, Anchor, Box, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconChevronDown, IconChevronRight, IconSearch } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { filterTree, type TagNode } from '../lib/domain-tree';

export interface DomainTreeProps {
  nodes: TagNode[];
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  disabled?: boolean;
}

/** Drip Setup's Domains section: tags with their websites, searchable, a checkbox per tag and website (part 1 §2). */
export function DomainTree({ nodes, selected, onChange, disabled = false }: DomainTreeProps) {
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const shown = useMemo(() => filterTree(nodes, search), [nodes, search]);
  const searching = search.trim() !== '';

  const toggleOpen = (key: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (!next.delete(key)) next.add(key);
      return next;
    });
  const setMany = (ids: number[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) on ? next.add(id) : next.delete(id);
    onChange(next);
  };

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <TextInput
          label="Search tags and websites"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Group gap="sm">
          <Text size="sm" role="status" aria-live="polite">
            {selected.size} selected
          </Text>
          {selected.size > 0 && (
            <Anchor component="button" type="button" size="sm" onClick={() => onChange(new Set())} disabled={disabled}>
              Clear selection
            </Anchor>
          )}
        </Group>
      </Group>
      {shown.length === 0 ? (
        <Text size="sm" c="dimmed">
          {searching ? 'No tags or websites match the search.' : 'No websites yet.'}
        </Text>
      ) : (
        <Box component="ul" aria-label="Domains" p={0} m={0} style={{ listStyle: 'none' }}>
          {shown.map((node) => {
            const ids = node.domains.map((d) => d.id);
            const count = ids.filter((id) => selected.has(id)).length;
            const expanded = searching || open.has(node.key);
            return (
              <Box component="li" key={node.key}>
                <Group gap={4} wrap="nowrap">
                  <ActionIcon
                    variant="subtle"
                    size="sm"
                    aria-label={`Show websites of ${node.name}`}
                    aria-expanded={expanded}
                    onClick={() => toggleOpen(node.key)}
                    disabled={searching}
                  >
                    {expanded ? <IconChevronDown size={14} aria-hidden /> : <IconChevronRight size={14} aria-hidden />}
                  </ActionIcon>
                  <Checkbox
                    label={`${node.name} (${ids.length})`}
                    checked={count === ids.length}
                    indeterminate={count > 0 && count < ids.length}
                    onChange={(e) => setMany(ids, e.currentTarget.checked)}
                    disabled={disabled}
                  />
                </Group>
                {expanded && (
                  <Box
                    component="ul"
                    aria-label={`Websites tagged ${node.name}`}
                    pl={44}
                    my={4}
                    style={{ listStyle: 'none' }}
                  >
                    {node.domains.map((d) => (
                      <Box component="li" key={d.id} py={2}>
                        <Checkbox
                          label={d.url}
                          checked={selected.has(d.id)}
                          onChange={(e) => setMany([d.id], e.currentTarget.checked)}
                          disabled={disabled}
                        />
                      </Box>
                    ))}
                  </Box>
                )}
              </Box>
            );
          })}
        </Box>
      )}
    </Stack>
  );
}
