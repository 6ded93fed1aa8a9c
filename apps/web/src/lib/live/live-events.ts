import { LIVE_EVENTS, type LiveEvent } from '@pushdeck/contracts';
import { API_BASE, actingClientUid } from '@/lib/api';

export type FileStatusEvent = LiveEvent<typeof LIVE_EVENTS.fileStatus>;

type FileListener = (event: FileStatusEvent) => void;
type OpenListener = () => void;

const fileListeners = new Set<FileListener>();
const openListeners = new Set<OpenListener>();
let source: EventSource | null = null;
let sourceClient: string | null = null;

let schemas: Promise<typeof import('./live-schemas')> | null = null;
/** The payload schemas load with the first event (issue 17: no zod on the first load). */
const loadSchemas = () => {
  schemas ??= import('./live-schemas');
  return schemas;
};

async function parseFileEvent(raw: string): Promise<FileStatusEvent | null> {
  try {
    const { liveEventSchemas } = await loadSchemas();
    const parsed = liveEventSchemas[LIVE_EVENTS.fileStatus].safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Events reach the listeners in the order they came, each once its payload is parsed. */
let delivery: Promise<void> = Promise.resolve();

/**
 * The tab's one stream of live events (GET /api/events): opened while anyone listens, for the client the user works
 * for (staff name it in the URL: EventSource sends no headers). The browser reconnects by itself after a drop; every
 * (re)open is announced so screens reload what they show and no final status is lost.
 */
function ensureSource(): void {
  // no EventSource (an old browser, the unit tests' DOM): screens still reload on their own
  if (typeof EventSource === 'undefined') return;
  const client = actingClientUid();
  if (source && sourceClient === client) return;
  source?.close();
  sourceClient = client;
  const url = `${API_BASE}/events${client ? `?client=${encodeURIComponent(client)}` : ''}`;
  source = new EventSource(url, { withCredentials: true });
  source.addEventListener('ready', () => {
    for (const l of openListeners) l();
  });
  source.addEventListener(LIVE_EVENTS.fileStatus, (e) => {
    const parsing = parseFileEvent((e as MessageEvent<string>).data);
    delivery = delivery.then(async () => {
      const event = await parsing;
      if (event) for (const l of fileListeners) l(event);
    });
  });
}

function releaseSource(): void {
  if (fileListeners.size > 0 || openListeners.size > 0) return;
  source?.close();
  source = null;
  sourceClient = null;
}

/** Listens to file.status-updated (channel 'files'); `onOpen` runs on every (re)connection. Returns the unsubscribe. */
export function subscribeFileEvents(listener: FileListener, onOpen?: OpenListener): () => void {
  fileListeners.add(listener);
  if (onOpen) openListeners.add(onOpen);
  ensureSource();
  return () => {
    fileListeners.delete(listener);
    if (onOpen) openListeners.delete(onOpen);
    releaseSource();
  };
}

/** Reopens the stream for another client (a staff member picked one). */
export function refreshLiveClient(): void {
  if (source) ensureSource();
}
