import { Code, Text } from '@mantine/core';
import { useApiBase } from '../api/integration-api';

/** Says which API the website's files call: its master API connection (set by an admin) or this instance. */
export function ApiBaseNote({ websiteId }: { websiteId: string }) {
  const base = useApiBase(websiteId);
  if (!base.data) return null;
  return (
    <Text size="sm">
      Both files call <Code>{base.data.api_base}</Code>
      {base.data.source === 'master_connection'
        ? ": the website's master API connection (Connection settings)."
        : ': this instance (the website has no master API connection).'}
    </Text>
  );
}
