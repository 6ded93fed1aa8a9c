import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { type PreviewContent, type PreviewResult, preparePreviewWorker, showBrowserPreview } from './browser-preview';
import { NotificationCard } from './notification-card';

export const BROWSER_PREVIEW_TEXTS = {
  title: 'Notification preview',
  denied:
    "Notifications are blocked for this site, so here is how the notification will look. Allow notifications in the browser's site settings to see the browser's own preview.",
  unsupported: 'This browser cannot show notifications, so here is how the notification will look.',
} as const;

export interface BrowserPreviewButtonProps {
  /** The notification as it stands when the button is pressed. */
  content: () => PreviewContent;
  /** The website's address, named on the in-page preview (the notification's link without one). */
  site?: string | undefined;
}

/** What the in-page preview shows, and why the browser did not. */
interface PagePreview {
  reason: Exclude<PreviewResult, 'shown'>;
  content: PreviewContent;
}

/**
 * 'Preview': shows the notification being edited as the browser itself shows it, through the /sw.js preview worker,
 * after asking for permission (spec part 1 §7). When the permission is refused, or the browser has no notifications,
 * a dialog shows the same notification drawn in the page (title, message, icon, image, buttons), with the reason.
 */
export function BrowserPreviewButton({ content, site }: BrowserPreviewButtonProps) {
  const [busy, setBusy] = useState(false);
  const [inPage, setInPage] = useState<PagePreview | null>(null);
  useEffect(preparePreviewWorker, []);
  const preview = async () => {
    const shown = content();
    setBusy(true);
    try {
      const result = await showBrowserPreview(shown);
      if (result !== 'shown') setInPage({ reason: result, content: shown });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="default"
        leftSection={<IconEye size={16} aria-hidden />}
        onClick={() => void preview()}
        loading={busy}
      >
        Preview
      </Button>
      <Modal
        opened={inPage !== null}
        onClose={() => setInPage(null)}
        title={BROWSER_PREVIEW_TEXTS.title}
        size={350}
        centered
      >
        {inPage && (
          <Stack gap="md">
            <Text size="sm" c="dimmed">
              {BROWSER_PREVIEW_TEXTS[inPage.reason]}
            </Text>
            <NotificationCard
              title={inPage.content.title}
              message={inPage.content.body}
              site={site || inPage.content.url}
              icon={inPage.content.icon}
              image={inPage.content.image}
              buttons={inPage.content.buttons.slice(0, 2).map((b) => b.title)}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setInPage(null)}>
                Close
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
