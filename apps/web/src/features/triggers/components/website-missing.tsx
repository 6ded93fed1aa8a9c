import { Alert, Anchor, Stack } from '@mantine/core';
import { Link } from 'react-router';

/** A route whose website (or trigger) id is not a number, or names nothing this user may see. */
export function WebsiteMissing({ text = 'This website was not found.' }: { text?: string }) {
  return (
    <Stack gap="md" maw={640}>
      <Alert color="red" role="alert" title="Not found">
        {text}
      </Alert>
      <Anchor component={Link} to="/dashboard">
        Back to the dashboard
      </Anchor>
    </Stack>
  );
}
