import { Alert, Text } from '@mantine/core';
import type { ConnectionCheck } from '@pushdeck/contracts';

/** What a connection test found, as the screen shows it: reachable with version and latency, or the error. */
export function CheckResult({ check }: { check: ConnectionCheck }) {
  if (check.reachable) {
    return (
      <Alert color="teal" title="Reachable" role="status">
        <Text size="sm">
          PostgreSQL {check.version} · {check.latency_ms} ms
        </Text>
      </Alert>
    );
  }
  return (
    <Alert color="red" title="Not reachable" role="status">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {check.error}
      </Text>
    </Alert>
  );
}
