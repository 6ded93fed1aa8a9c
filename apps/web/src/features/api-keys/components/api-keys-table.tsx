import { Badge, Button, Code, Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { API_SCOPE_LABELS, type ApiKey } from '@pushdeck/contracts';
import { IconBan } from '@tabler/icons-react';
import type { KeyWebsite } from '../api/api-keys-api';
import { API_KEY_TEXTS, formatWhen, shownPrefix } from '../lib/api-key-texts';

export interface ApiKeysTableProps {
  keys: ApiKey[];
  /** The websites in scope, to name a key's websites (one not among them shows by its id). */
  websites: readonly KeyWebsite[] | undefined;
  /** Staff looking at every client's keys: a Client column. */
  showClient: boolean;
  /** Absent: no Revoke (a user who may not manage keys). */
  onRevoke?: ((key: ApiKey) => void) | undefined;
}

function websitesText(key: ApiKey, websites: readonly KeyWebsite[] | undefined): string {
  if (key.website_ids === null) return API_KEY_TEXTS.allWebsites;
  const byId = new Map((websites ?? []).map((w) => [w.id, w.url]));
  return key.website_ids.map((id) => byId.get(id) ?? `Website ${id}`).join(', ');
}

/** A revoked key's row: greyed (a grey ground and dimmed text; no opacity, which would fail the text's contrast). */
const REVOKED_ROW = { backgroundColor: 'var(--mantine-color-gray-0)', color: 'var(--mantine-color-dimmed)' };

const NOWRAP = { whiteSpace: 'nowrap' } as const;
/** A status badge keeps its whole word in a narrow table (a badge truncates its label by default). */
const NO_SHRINK = { flexShrink: 0, overflow: 'visible', minWidth: 'max-content' } as const;

/** Live keys first (the server's order, kept), revoked ones after them and greyed. */
function ordered(keys: ApiKey[]): ApiKey[] {
  return [...keys.filter((k) => !k.revoked_at), ...keys.filter((k) => k.revoked_at)];
}

/** The keys: name, prefix, scopes, websites, created, last used, status and Revoke. */
export function ApiKeysTable({ keys, websites, showClient, onRevoke }: ApiKeysTableProps) {
  return (
    <Table.ScrollContainer minWidth={showClient ? 1100 : 980}>
      <Table verticalSpacing="sm" aria-label="API keys">
        <Table.Thead>
          <Table.Tr>
            <Table.Th miw={140}>Name</Table.Th>
            {showClient && <Table.Th>Client</Table.Th>}
            <Table.Th style={NOWRAP}>Prefix</Table.Th>
            <Table.Th>Scopes</Table.Th>
            <Table.Th>Websites</Table.Th>
            <Table.Th miw={150}>Created</Table.Th>
            <Table.Th miw={130} style={NOWRAP}>
              Last used
            </Table.Th>
            <Table.Th miw={110}>Status</Table.Th>
            {onRevoke && (
              <Table.Th>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ordered(keys).map((key) => {
            const revoked = key.revoked_at !== null;
            return (
              <Table.Tr key={key.id} data-revoked={revoked || undefined} style={revoked ? REVOKED_ROW : undefined}>
                <Table.Td>
                  <Text size="sm" fw={500} c={revoked ? 'dimmed' : undefined}>
                    {key.name}
                  </Text>
                </Table.Td>
                {showClient && <Table.Td>{key.client_name}</Table.Td>}
                <Table.Td style={NOWRAP}>
                  <Code>{shownPrefix(key.prefix)}</Code>
                </Table.Td>
                <Table.Td>
                  <Group gap={4}>
                    {key.scopes.map((scope) => (
                      <Badge key={scope} variant="light" color={revoked ? 'gray' : 'blue'} tt="none">
                        {API_SCOPE_LABELS[scope]}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{websitesText(key, websites)}</Text>
                </Table.Td>
                <Table.Td>
                  <Stack gap={0}>
                    <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                      {formatWhen(key.created_at)}
                    </Text>
                    {key.created_by_email && (
                      <Text size="xs" c="dimmed">
                        by {key.created_by_email}
                      </Text>
                    )}
                  </Stack>
                </Table.Td>
                <Table.Td>
                  {key.last_used_at ? (
                    <Stack gap={0}>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {formatWhen(key.last_used_at)}
                      </Text>
                      {key.last_used_ip && (
                        <Text size="xs" c="dimmed">
                          from {key.last_used_ip}
                        </Text>
                      )}
                    </Stack>
                  ) : (
                    <Text size="sm" c="dimmed">
                      {API_KEY_TEXTS.never}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {revoked ? (
                    <Stack gap={0}>
                      <Badge color="gray" variant="outline" style={NO_SHRINK}>
                        {API_KEY_TEXTS.revoked}
                      </Badge>
                      <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                        {formatWhen(key.revoked_at)}
                      </Text>
                    </Stack>
                  ) : (
                    <Badge color="teal" variant="light" style={NO_SHRINK}>
                      {API_KEY_TEXTS.active}
                    </Badge>
                  )}
                </Table.Td>
                {onRevoke && (
                  <Table.Td>
                    {!revoked && (
                      <Button
                        size="compact-sm"
                        variant="light"
                        color="red"
                        leftSection={<IconBan size={14} aria-hidden />}
                        aria-label={`Revoke ${key.name}`}
                        onClick={() => onRevoke(key)}
                      >
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
