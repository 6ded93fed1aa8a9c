/**
 * IANA timezone names for pickers. The ICU data in browsers and Node still lists some zones under old
 * names (Europe/Kiev, Asia/Calcutta); the picker offers the current IANA names instead.
 */
const RENAMED: Record<string, string> = {
  'Europe/Kiev': 'Europe/Kyiv',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'America/Godthab': 'America/Nuuk',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Louisville': 'America/Kentucky/Louisville',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

export interface TimezoneOption {
  value: string;
  label: string;
}

/** The current IANA name of a zone ('Europe/Kiev' → 'Europe/Kyiv'). */
export function canonicalTimezone(name: string): string {
  return RENAMED[name] ?? name;
}

/** The zone's offset from UTC at `at`, as 'UTC+02:00' ('UTC+00:00' for UTC). */
export function utcOffsetLabel(timeZone: string, at: Date = new Date()): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  const offset = part?.replace('GMT', '') || '+00:00';
  return `UTC${offset}`;
}

/** The browser's zone under its current IANA name, UTC when unknown. */
export function guessTimezone(): string {
  const guess = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return guess ? canonicalTimezone(guess) : 'UTC';
}

let cached: TimezoneOption[] | null = null;

/** Every zone the browser knows plus UTC, UTC first then by name, labelled 'Europe/Kyiv (UTC+02:00)'. */
export function timezoneOptions(): TimezoneOption[] {
  if (cached) return cached;
  const names = new Set(Intl.supportedValuesOf('timeZone').map(canonicalTimezone));
  names.delete('UTC');
  const now = new Date();
  cached = ['UTC', ...[...names].sort()].map((value) => ({ value, label: `${value} (${utcOffsetLabel(value, now)})` }));
  return cached;
}
