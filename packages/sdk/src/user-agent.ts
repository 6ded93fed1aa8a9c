/** A deliberately small user-agent parser: the few names the console reports on. */

export type DeviceType = 'desktop' | 'mobile' | 'tablet';
export type BrowserName = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Opera' | 'Samsung Internet' | 'Other';
export type OsName = 'Windows' | 'macOS' | 'iOS' | 'Android' | 'Linux' | 'ChromeOS' | 'Other';

export interface ParsedUserAgent {
  device: DeviceType;
  os: OsName;
  browser: BrowserName;
}

/**
 * `maxTouchPoints` (navigator.maxTouchPoints) tells iPadOS 13+, which sends a desktop macOS user agent,
 * apart from a Mac.
 */
export function parseUserAgent(userAgent: string, maxTouchPoints = 0): ParsedUserAgent {
  const ua = userAgent || '';
  const desktopIpad = /Macintosh/.test(ua) && maxTouchPoints > 1;
  const os = parseOs(ua, desktopIpad);
  return { os, browser: parseBrowser(ua), device: parseDevice(ua, os, desktopIpad) };
}

function parseBrowser(ua: string): BrowserName {
  if (/\b(Edg|EdgA|EdgiOS|Edge)\//.test(ua)) return 'Edge';
  if (/\b(OPR|OPX|OPT|OPiOS)\/|\bOpera\b/.test(ua)) return 'Opera';
  if (/\bSamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/\b(Firefox|FxiOS)\//.test(ua)) return 'Firefox';
  if (/\b(Chrome|CriOS|Chromium)\//.test(ua)) return 'Chrome';
  if (/\bSafari\//.test(ua) && /\bVersion\//.test(ua)) return 'Safari';
  if (/\b(iPhone|iPad|iPod)\b/.test(ua) && /AppleWebKit\//.test(ua)) return 'Safari';
  return 'Other';
}

function parseOs(ua: string, desktopIpad: boolean): OsName {
  if (/\b(iPhone|iPad|iPod)\b/.test(ua) || desktopIpad) return 'iOS';
  if (/\bAndroid\b/.test(ua)) return 'Android';
  if (/\bCrOS\b/.test(ua)) return 'ChromeOS';
  if (/\bWindows\b/.test(ua)) return 'Windows';
  if (/\b(Macintosh|Mac OS X)\b/.test(ua)) return 'macOS';
  if (/\bLinux\b/.test(ua)) return 'Linux';
  return 'Other';
}

function parseDevice(ua: string, os: OsName, desktopIpad: boolean): DeviceType {
  if (desktopIpad || /\b(iPad|Tablet|PlayBook|Silk|Kindle)\b/.test(ua)) return 'tablet';
  if (os === 'Android') return /\bMobile\b/.test(ua) ? 'mobile' : 'tablet';
  if (/\b(Mobi|Mobile|iPhone|iPod|Windows Phone)\b/.test(ua)) return 'mobile';
  return 'desktop';
}
