/** Push payload → notification, for the service worker. Pure: no globals. */

export interface PushPayloadButton {
  title: string;
  url?: string;
}

/** What the server encrypts into each push message (version 1). */
export interface PushPayload {
  v: 1;
  /** Opaque message token, echoed to /delivered and /clicked. */
  m: string;
  title: string;
  body?: string;
  icon?: string;
  image?: string;
  url: string;
  requireInteraction?: boolean;
  tag?: string;
  buttons?: PushPayloadButton[];
}

/** Stored on the notification and read back on click. */
export interface ClickData {
  m: string | null;
  url: string;
  buttons: PushPayloadButton[];
}

/** NotificationOptions plus the members (image, actions) TypeScript's DOM lib leaves out. */
export interface NotificationOptionsLike {
  body?: string;
  icon?: string;
  image?: string;
  tag?: string;
  requireInteraction?: boolean;
  data?: ClickData;
  actions?: { action: string; title: string }[];
}

export interface BuiltNotification {
  title: string;
  options: NotificationOptionsLike;
  /** Token to report as delivered; null for the generic fallback (nothing is pinged). */
  m: string | null;
}

export const MAX_BUTTONS = 2;

/** Parses the push data text; null when it is not JSON or lacks a title. */
export function parsePushPayload(text: string | null | undefined): PushPayload | null {
  if (typeof text !== 'string' || text.trim() === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  const title = str(raw.title);
  if (!title) return null;
  const payload: PushPayload = { v: 1, m: str(raw.m) ?? '', title, url: str(raw.url) ?? '' };
  const body = str(raw.body);
  const icon = str(raw.icon);
  const image = str(raw.image);
  const tag = str(raw.tag);
  if (body) payload.body = body;
  if (icon) payload.icon = icon;
  if (image) payload.image = image;
  if (tag) payload.tag = tag;
  if (raw.requireInteraction === true) payload.requireInteraction = true;
  if (Array.isArray(raw.buttons)) payload.buttons = parseButtons(raw.buttons);
  return payload;
}

/** The notification for a payload: at most two buttons, tag defaulting to 'pushmine-' + m. */
export function buildNotification(payload: PushPayload): BuiltNotification {
  const buttons = (payload.buttons ?? []).slice(0, MAX_BUTTONS);
  const m = payload.m === '' ? null : payload.m;
  const options: NotificationOptionsLike = {
    body: payload.body ?? '',
    requireInteraction: payload.requireInteraction === true,
    tag: payload.tag ?? `pushmine-${payload.m || 'message'}`,
    data: { m, url: payload.url, buttons },
    actions: buttons.map((button, index) => ({ action: `button${index + 1}`, title: button.title })),
  };
  if (payload.icon) options.icon = payload.icon;
  if (payload.image) options.image = payload.image;
  return { title: payload.title, options, m };
}

/** Browsers require a visible notification for every push (userVisibleOnly): the generic one. */
export function fallbackNotification(origin: string): BuiltNotification {
  return {
    title: hostOf(origin),
    options: { body: '', tag: 'pushmine-fallback', data: { m: null, url: origin, buttons: [] } },
    m: null,
  };
}

/** Push data text → what to show. */
export function notificationFromPush(text: string | null | undefined, origin: string): BuiltNotification {
  const payload = parsePushPayload(text);
  return payload ? buildNotification(payload) : fallbackNotification(origin);
}

function parseButtons(values: unknown[]): PushPayloadButton[] {
  const buttons: PushPayloadButton[] = [];
  for (const value of values) {
    if (typeof value !== 'object' || value === null) continue;
    const title = str((value as { title?: unknown }).title);
    if (!title) continue;
    const url = str((value as { url?: unknown }).url);
    buttons.push(url ? { title, url } : { title });
    if (buttons.length === MAX_BUTTONS) break;
  }
  return buttons;
}

function str(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

function hostOf(origin: string): string {
  try {
    return new URL(origin).host || origin;
  } catch {
    return origin;
  }
}
