/** What the browser's own notification shows (spec part 1 §7: /sw.js, actions FirstBtnRedirect, SecondBtnRedirect). */
export interface PreviewContent {
  title: string;
  body: string;
  url: string;
  icon?: string | undefined;
  image?: string | undefined;
  /** At most two; a button without its own url opens the notification's url. */
  buttons: PreviewButton[];
}

export interface PreviewButton {
  title: string;
  url?: string | undefined;
}

export type PreviewResult = 'shown' | 'denied' | 'unsupported';

const ACTIONS = ['FirstBtnRedirect', 'SecondBtnRedirect'];
/**
 * How long the /sw.js worker may take to start before the page shows a plain notification instead (no buttons). It
 * starts in well under a second; a busy machine took over 3 s in the browser journeys.
 */
const WORKER_WAIT_MS = 10_000;

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('The service worker did not start.')), ms)),
  ]);
}

/**
 * Registers the /sw.js preview worker ahead of a preview (an editor calls it when it opens), so that the first
 * Preview finds it started instead of waiting for its install. Registering again is a no-op; failures are left to
 * showBrowserPreview, which falls back to a page notification.
 */
export function preparePreviewWorker(): void {
  if (typeof navigator === 'undefined' || !navigator.serviceWorker) return;
  navigator.serviceWorker.register('/sw.js').catch(() => {});
}

/**
 * Shows the notification as the browser will, after asking for permission: through the /sw.js worker when the
 * console serves one (buttons included), else as a page notification without buttons. 'denied' when the permission
 * is refused (asked only while it is 'default'), 'unsupported' when the browser cannot show one.
 */
export async function showBrowserPreview(content: PreviewContent): Promise<PreviewResult> {
  if (typeof window === 'undefined' || !('Notification' in window)) return 'unsupported';
  // A refusal is final: the browser would answer 'denied' again without asking.
  if (Notification.permission === 'denied') return 'denied';
  const permission =
    Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission().catch(() => 'denied');
  if (permission !== 'granted') return 'denied';
  const [first, second] = content.buttons;
  const data = { url: content.url, urlBtn1: first?.url || content.url, urlBtn2: second?.url || content.url };
  const options = {
    body: content.body,
    icon: content.icon || undefined,
    image: content.image || undefined,
    data,
    actions: content.buttons.slice(0, 2).map((b, i) => ({ action: ACTIONS[i], title: b.title })),
  } as NotificationOptions;
  try {
    if (!navigator.serviceWorker) throw new Error('No service workers here.');
    await navigator.serviceWorker.register('/sw.js');
    const registration = await within(navigator.serviceWorker.ready, WORKER_WAIT_MS);
    await registration.showNotification(content.title, options);
  } catch {
    try {
      new Notification(content.title, { body: content.body, icon: content.icon || undefined, data });
    } catch {
      // Chromium on Android has no page notifications (only a service worker's): the page shows its own preview.
      return 'unsupported';
    }
  }
  return 'shown';
}
