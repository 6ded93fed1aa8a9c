import { Badge, CopyButton, Group, Paper, Stack, Table, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import { useAuth } from '@/lib/auth';

/** Profile: who is signed in, their roles, effective permissions and client. */
export function ProfilePage() {
  const { user, permissions } = useAuth();
  if (!user) return null;
  const sorted = [...permissions].sort();

  return (
    <Stack maw={760} gap="md">
      <Title order={1} size="h2">
        Profile
      </Title>
      <Paper withBorder p="lg" radius="md">
        <Table variant="vertical" layout="fixed" withRowBorders={false}>
          <Table.Tbody>
            <Table.Tr>
              <Table.Th w={160}>Name</Table.Th>
              <Table.Td>{user.name}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Email</Table.Th>
              <Table.Td>{user.email}</Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Roles</Table.Th>
              <Table.Td>
                <Group gap={6}>
                  {user.roles.length === 0 && <Text c="dimmed">None</Text>}
                  {user.roles.map((role) => (
                    <Badge key={role.name} variant="filled">
                      {role.name}
                    </Badge>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
            <Table.Tr>
              <Table.Th>Client ID</Table.Th>
              <Table.Td>
                {user.client_uid ? (
                  <CopyButton value={user.client_uid}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? MSG.copied : 'Copy'} withArrow>
                        <UnstyledButton onClick={copy} ff="monospace" aria-label={`Client ID ${user.client_uid}`}>
                          {user.client_uid}
                        </UnstyledButton>
                      </Tooltip>
                    )}
                  </CopyButton>
                ) : (
                  <Text c="dimmed">No client</Text>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="lg" radius="md">
        <Stack gap="sm">
          <Title order={2} size="h4">
            Permissions
          </Title>
          <Text size="sm" c="dimmed">
            Your first role's permissions together with the ones given to you directly.
          </Text>
          <Group gap={6} aria-label="Permissions">
            {sorted.length === 0 && <Text c="dimmed">None</Text>}
            {sorted.map((permission) => (
              <Badge key={permission} variant="light" radius="sm" tt="none">
                {permission}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Paper>
    </Stack>
  );
}
