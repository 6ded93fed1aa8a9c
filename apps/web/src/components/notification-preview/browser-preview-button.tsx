import { Button } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { notifyFailure } from '@/components/feedback/notify';
import { type PreviewContent, preparePreviewWorker, showBrowserPreview } from './browser-preview';

export const BROWSER_PREVIEW_TEXTS = {
  denied: 'Allow notifications for this site to see the browser preview.',
  unsupported: 'This browser cannot show notifications.',
} as const;

export interface BrowserPreviewButtonProps {
  /** The notification as it stands when the button is pressed. */
  content: () => PreviewContent;
}

/**
 * 'Preview': shows the notification being edited as the browser itself shows it, through the /sw.js preview worker,
 * after asking for permission (spec part 1 §7). A refusal or a browser without notifications gets a red snackbar.
 */
export function BrowserPreviewButton({ content }: BrowserPreviewButtonProps) {
  const [busy, setBusy] = useState(false);
  useEffect(preparePreviewWorker, []);
  const preview = async () => {
    setBusy(true);
    try {
      const result = await showBrowserPreview(content());
      if (result === 'denied') notifyFailure(BROWSER_PREVIEW_TEXTS.denied);
      if (result === 'unsupported') notifyFailure(BROWSER_PREVIEW_TEXTS.unsupported);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconEye size={16} aria-hidden />}
      onClick={() => void preview()}
      loading={busy}
    >
      Preview
    </Button>
  );
}
