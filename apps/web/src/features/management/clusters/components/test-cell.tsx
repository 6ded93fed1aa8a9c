import { Badge, Button, Group, Tooltip } from '@mantine/core';
import type { ConnectionCheck, DbConfig } from '@pushdeck/contracts';
import { notifyFailure } from '@/components/feedback/notify';
import { errorMessage } from '@/lib/api';
import { useTestConnection } from '../api/use-clusters';

export interface TestCellProps {
  /** Names the button: 'Test connection: {label}'. */
  label: string;
  config: DbConfig;
  /** Whose stored password the test uses. */
  target: { cluster_id: number } | { db_sub_id: number };
  check: ConnectionCheck | undefined;
  onChecked: (check: ConnectionCheck) => void;
}

/** 'Test connection' for a stored cluster or db sub, and the last result: reachable with latency, or the error. */
export function TestCell({ label, config, target, check, onChecked }: TestCellProps) {
  const test = useTestConnection();
  const run = () =>
    test.mutate(
      {
        config: {
          driver: 'pgsql',
          host: config.host,
          port: config.port,
          database: config.database,
          username: config.username,
        },
        ...target,
      },
      { onSuccess: onChecked, onError: (error) => notifyFailure(errorMessage(error, 'Error')) },
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="compact-xs"
        variant="light"
        onClick={run}
        loading={test.isPending}
        aria-label={`Test connection: ${label}`}
      >
        Test
      </Button>
      {check &&
        (check.reachable ? (
          <Tooltip label={`PostgreSQL ${check.version}`}>
            <Badge color="teal" variant="light">
              Reachable · {check.latency_ms} ms
            </Badge>
          </Tooltip>
        ) : (
          <Tooltip label={check.error} multiline maw={320}>
            <Badge color="red" variant="light" title={check.error ?? undefined}>
              Unreachable: {(check.error ?? '').slice(0, 40)}
            </Badge>
          </Tooltip>
        ))}
    </Group>
  );
}
