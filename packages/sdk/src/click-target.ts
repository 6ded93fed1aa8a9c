import type { ClickData, PushPayloadButton } from './notification.ts';

export type ClickAction = 'main' | 'button1' | 'button2';

export interface ClickTarget {
  action: ClickAction;
  m: string | null;
  /** Absolute http(s) URL to open, or null when there is none or it is unsafe (javascript:, data:, …). */
  url: string | null;
}

/** Which URL a click opens: the button's own url for button1/button2 (else the main url), else data.url. */
export function clickTarget(data: unknown, action: string | undefined, base?: string): ClickTarget {
  const click = readClickData(data);
  const normalized: ClickAction = action === 'button1' || action === 'button2' ? action : 'main';
  const button = normalized === 'main' ? undefined : click.buttons[normalized === 'button1' ? 0 : 1];
  const candidate = button?.url ?? click.url;
  return { action: normalized, m: click.m, url: safeHttpUrl(candidate, base) };
}

/** Resolves `value` against `base`; only http: and https: URLs pass. */
export function safeHttpUrl(value: string | undefined, base?: string): string | null {
  if (!value) return null;
  try {
    const url = base ? new URL(value, base) : new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

function readClickData(data: unknown): ClickData {
  if (typeof data !== 'object' || data === null) return { m: null, url: '', buttons: [] };
  const raw = data as Record<string, unknown>;
  const buttons: PushPayloadButton[] = [];
  if (Array.isArray(raw.buttons)) {
    for (const value of raw.buttons) {
      if (typeof value !== 'object' || value === null) continue;
      const { title, url } = value as { title?: unknown; url?: unknown };
      buttons.push({
        title: typeof title === 'string' ? title : '',
        ...(typeof url === 'string' && url ? { url } : {}),
      });
    }
  }
  return {
    m: typeof raw.m === 'string' && raw.m !== '' ? raw.m : null,
    url: typeof raw.url === 'string' ? raw.url : '',
    buttons,
  };
}
