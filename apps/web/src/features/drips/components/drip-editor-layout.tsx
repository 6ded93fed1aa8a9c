import { Alert, Button, Grid, Group, Stack, Title } from '@mantine/core';
import { MSG } from '@pushdeck/contracts';
import type { ReactNode } from 'react';
import { BrowserPreviewButton } from '@/components/notification-preview/browser-preview-button';
import { browserPreviewOf, type NotificationValue } from '../lib/notification';
import { NotificationPreview } from './notification-preview';

export interface DripEditorLayoutProps {
  notification: NotificationValue;
  domainUrl?: string | undefined;
  /** The form's sections, on the left. */
  children: ReactNode;
}

/** The drip editors' page: the form on the left, the live preview (sticky) on the right (spec part 1 §2). */
export function DripEditorLayout({ notification, domainUrl, children }: DripEditorLayoutProps) {
  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="md">{children}</Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 6 }}>
        <Stack gap="xs" pos="sticky" top={16}>
          <Title order={2} size="h5">
            Preview
          </Title>
          <NotificationPreview value={notification} domainUrl={domainUrl} />
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

export interface DripEditorActionsProps {
  notification: NotificationValue;
  /** Server messages no field shows. */
  serverError: string[];
  onCancel?: (() => void) | undefined;
  /** The save buttons. */
  children: ReactNode;
}

/** Under the form: what the server refused that no field shows, then Save (and Save Draft), Preview and Cancel. */
export function DripEditorActions({ notification, serverError, onCancel, children }: DripEditorActionsProps) {
  return (
    <>
      {serverError.length > 0 && (
        <Alert color="red" role="alert" title={MSG.error}>
          {serverError.join(' ')}
        </Alert>
      )}
      <Group>
        {children}
        <BrowserPreviewButton content={() => browserPreviewOf(notification)} />
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
      </Group>
    </>
  );
}
