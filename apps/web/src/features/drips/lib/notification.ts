import {
  clickLinkSchema,
  DRIP_LIMITS,
  DRIP_MSG,
  dripBodySchema,
  dripTitleSchema,
  imageLinkSchema,
  MSG,
} from '@pushdeck/contracts';
import type { PreviewContent } from '@/components/notification-preview/browser-preview';
import { isApiRequestError } from '@/lib/api';

/** The notification part of a drip as the editor holds it (spec part 1 §2 editors, §3 customization). */
export interface NotificationButton {
  title: string;
  url: string;
}

export interface NotificationValue {
  title: string;
  body: string;
  url: string;
  icon: string;
  /** 'Add Large Image': unticked drops the image on save. */
  withImage: boolean;
  image: string;
  /** 'Action Buttons': unticked drops the buttons on save. */
  withButtons: boolean;
  buttonCount: 1 | 2;
  button1: NotificationButton;
  button2: NotificationButton;
  /** Expiry in seconds as typed; empty means the default 7200 s. */
  ttl: string;
  requireInteraction: boolean;
}

export type NotificationField =
  | 'title'
  | 'body'
  | 'url'
  | 'icon'
  | 'image'
  | 'ttl'
  | 'button1.title'
  | 'button1.url'
  | 'button2.title'
  | 'button2.url';
export type NotificationErrors = Partial<Record<NotificationField, string>>;
export type EditorMode = 'welcome' | 'recurring';

export const NOTIFICATION_FIELDS: readonly NotificationField[] = [
  'title',
  'body',
  'url',
  'icon',
  'image',
  'ttl',
  'button1.title',
  'button1.url',
  'button2.title',
  'button2.url',
];

/** Characters as the counters count them: an emoji is one. */
export const charCount = (s: string) => [...s].length;

export function emptyNotification(): NotificationValue {
  return {
    title: '',
    body: '',
    url: '',
    icon: '',
    withImage: false,
    image: '',
    withButtons: false,
    buttonCount: 1,
    button1: { title: '', url: '' },
    button2: { title: '', url: '' },
    ttl: String(DRIP_LIMITS.defaultTtl),
    requireInteraction: false,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const buttonOf = (v: unknown): NotificationButton => {
  const b = (v && typeof v === 'object' ? v : {}) as Record<string, unknown>;
  return { title: str(b.title), url: str(b.url) };
};

/** The editor's value for a stored drip (flags follow what the drip holds, spec part 1 §4 Welcome editor). */
export function notificationFromDrip(drip: {
  title?: string | undefined;
  body?: string | undefined;
  url?: string | undefined;
  icon?: string | null | undefined;
  customization?: Record<string, unknown> | undefined;
}): NotificationValue {
  const c = drip.customization ?? {};
  const button1 = buttonOf(c.button1);
  const button2 = buttonOf(c.button2);
  const image = str(c.image);
  return {
    title: drip.title ?? '',
    body: drip.body ?? '',
    url: drip.url ?? '',
    icon: drip.icon ?? '',
    withImage: image !== '',
    image,
    withButtons: button1.title !== '' || button2.title !== '',
    buttonCount: button2.title !== '' ? 2 : 1,
    button1,
    button2,
    ttl: c.ttl === undefined || c.ttl === null ? String(DRIP_LIMITS.defaultTtl) : str(c.ttl),
    requireInteraction: Boolean(c.requireInteraction),
  };
}

/** Client-side checks with the server's texts (contracts schemas); an empty object means valid. */
export function validateNotification(v: NotificationValue, mode: EditorMode): NotificationErrors {
  const errors: NotificationErrors = {};
  const title = dripTitleSchema.safeParse(v.title);
  if (!title.success) errors.title = title.error.issues[0]?.message ?? MSG.required;
  const body = dripBodySchema.safeParse(v.body);
  if (!body.success) errors.body = body.error.issues[0]?.message ?? DRIP_MSG.bodyMax;
  else if (mode === 'welcome' && v.body.trim() === '') errors.body = MSG.required;
  const ttl = v.ttl.trim();
  if (ttl !== '' && !(/^\d{1,7}$/.test(ttl) && Number(ttl) <= DRIP_LIMITS.maxTtl)) errors.ttl = DRIP_MSG.ttl;
  const link = (field: NotificationField, schema: typeof clickLinkSchema, value: string) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) errors[field] = parsed.error.issues[0]?.message ?? DRIP_MSG.tooLong;
  };
  link('url', clickLinkSchema, v.url);
  link('icon', imageLinkSchema, v.icon);
  if (v.withImage) link('image', imageLinkSchema, v.image);
  // only the buttons that are sent (ticked, within the count, titled) are checked, as the server does
  const sent = (['button1', 'button2'] as const).slice(0, v.withButtons ? v.buttonCount : 0);
  for (const key of sent) if (v[key].title.trim()) link(`${key}.url`, clickLinkSchema, v[key].url);
  return errors;
}

/** The drip fields the server takes: buttons only when ticked and titled, the image only when ticked, empty ttl dropped. */
export function notificationToDrip(v: NotificationValue) {
  const button = (b: NotificationButton) => ({ title: b.title.trim(), ...(b.url.trim() ? { url: b.url.trim() } : {}) });
  const buttons = v.withButtons
    ? [v.button1, ...(v.buttonCount === 2 ? [v.button2] : [])].filter((b) => b.title.trim() !== '').map(button)
    : [];
  const ttl = v.ttl.trim();
  return {
    title: v.title.trim(),
    body: v.body.trim(),
    url: v.url.trim(),
    icon: v.icon.trim(),
    customization: {
      requireInteraction: v.requireInteraction,
      ...(v.withImage && v.image.trim() ? { image: v.image.trim() } : {}),
      ...(ttl ? { ttl: Number(ttl) } : {}),
      ...(buttons[0] ? { button1: buttons[0] } : {}),
      ...(buttons[1] ? { button2: buttons[1] } : {}),
    },
  };
}

/**
 * What the browser preview shows: the drip as it will be sent (titled buttons only when ticked, each opening its own
 * url or the drip's, the image only when ticked), with the placeholder Title for an empty title.
 */
export function browserPreviewOf(v: NotificationValue): PreviewContent {
  const drip = notificationToDrip(v);
  const { button1, button2 } = drip.customization;
  return {
    title: drip.title || 'Title',
    body: drip.body,
    url: drip.url,
    icon: safeUrl(drip.icon),
    image: drip.customization.image && safeUrl(drip.customization.image),
    buttons: [button1, button2].filter((b) => b !== undefined),
  };
}

/**
 * A 422's per-field messages with the list index (or Drip Setup's `drip.`) and `customization.` taken off
 * (`0.customization.ttl` → `ttl`, `drip.schedule.timezone` → `schedule.timezone`); first message per field. Empty for
 * anything but a 422.
 */
export function serverFieldErrors(error: unknown): Record<string, string> {
  if (!isApiRequestError(error) || error.status !== 422) return {};
  const out: Record<string, string> = {};
  for (const [key, messages] of Object.entries(error.errors)) {
    const field = key.replace(/^(\d+|drip)\./, '').replace(/^customization\./, '');
    const mapped = field === 'buttons' ? 'button1.title' : field;
    if (messages[0] && !out[mapped]) out[mapped] = messages[0];
  }
  return out;
}

/** Server messages no field of the form shows (e.g. the payload size), for an alert under the form. */
export function unplacedErrors(errors: Record<string, string>, placed: readonly string[]): string[] {
  return Object.entries(errors)
    .filter(([field]) => !placed.includes(field))
    .map(([, message]) => message);
}

/** Only http(s) and root-relative addresses are shown as images or links in the preview. */
export function safeUrl(url: string): string | undefined {
  const u = url.trim();
  return /^(https?:\/\/|\/(?!\/))/i.test(u) ? u : undefined;
}
