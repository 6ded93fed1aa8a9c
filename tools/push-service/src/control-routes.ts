import { BodyInputError, type Exchange } from './exchange.ts';
import { type Fault, FaultInputError, parseFault } from './faults.ts';
import { SubscriptionInputError } from './subscription-store.ts';
import type {
  CreatedSubscription,
  FaultSpec,
  PushServiceStats,
  ReceivedMessage,
  SubscriptionInfo,
  SubscriptionOptions,
} from './types.ts';

/** The part of the service the HTTP control routes drive. */
export interface ControlTarget {
  createSubscription(opts?: SubscriptionOptions): CreatedSubscription;
  removeSubscription(id: string): boolean;
  subscriptions(): SubscriptionInfo[];
  injectFault(fault: FaultSpec): Fault;
  clearFaults(): void;
  messages(subscriptionId?: string): ReceivedMessage[];
  message(id: string): ReceivedMessage | undefined;
  deleteMessage(id: string): boolean;
  stats(): PushServiceStats;
  reset(): void;
}

type Handler = (target: ControlTarget, ex: Exchange, param: string) => void | Promise<void>;

interface Route {
  method: string;
  path: RegExp;
  handler: Handler;
}

/** A message as JSON: the payload as text, dates as ISO strings. */
export function messageView(m: ReceivedMessage): Record<string, unknown> {
  const { payload: _payload, text, receivedAt, ...rest } = m;
  return { ...rest, payload: text, receivedAt: receivedAt.toISOString() };
}

function subscriptionOptions(body: unknown): SubscriptionOptions {
  if (body === undefined) return {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw new SubscriptionInputError('body must be a JSON object {label?, applicationServerKey?}');
  }
  const { label, applicationServerKey } = body as Record<string, unknown>;
  if (label !== undefined && typeof label !== 'string') throw new SubscriptionInputError('label must be a string');
  if (applicationServerKey !== undefined && typeof applicationServerKey !== 'string') {
    throw new SubscriptionInputError('applicationServerKey must be a base64url string');
  }
  return {
    ...(label !== undefined ? { label } : {}),
    ...(applicationServerKey !== undefined ? { applicationServerKey } : {}),
  };
}

const ID = '([A-Za-z0-9_-]{1,100})';
const routes: Route[] = [
  {
    method: 'POST',
    path: /^\/subscriptions$/,
    handler: async (t, ex) => ex.json(201, t.createSubscription(subscriptionOptions(await ex.readJson()))),
  },
  { method: 'GET', path: /^\/subscriptions$/, handler: (t, ex) => ex.json(200, t.subscriptions()) },
  {
    method: 'DELETE',
    path: new RegExp(`^/subscriptions/${ID}$`),
    handler: (t, ex, id) => (t.removeSubscription(id) ? ex.send(204) : ex.send(404, 'no such subscription')),
  },
  {
    method: 'POST',
    path: /^\/_control\/faults$/,
    handler: async (t, ex) => ex.json(201, t.injectFault(parseFault(await ex.readJson()))),
  },
  {
    method: 'DELETE',
    path: /^\/_control\/faults$/,
    handler: (t, ex) => {
      t.clearFaults();
      ex.send(204);
    },
  },
  {
    method: 'GET',
    path: /^\/_control\/messages$/,
    handler: (t, ex) => {
      const subscriptionId = ex.url.searchParams.get('subscription') || undefined;
      ex.json(200, t.messages(subscriptionId).map(messageView));
    },
  },
  { method: 'GET', path: /^\/_control\/stats$/, handler: (t, ex) => ex.json(200, t.stats()) },
  {
    method: 'POST',
    path: /^\/_control\/reset$/,
    handler: (t, ex) => {
      t.reset();
      ex.send(204);
    },
  },
  {
    method: 'GET',
    path: new RegExp(`^/message/${ID}$`),
    handler: (t, ex, id) => {
      const message = t.message(id);
      if (message) ex.json(200, messageView(message));
      else ex.send(404, 'no such message');
    },
  },
  {
    method: 'DELETE',
    path: new RegExp(`^/message/${ID}$`),
    handler: (t, ex, id) => (t.deleteMessage(id) ? ex.send(204) : ex.send(404, 'no such message')),
  },
];

/** Serves the subscription, message and `/_control` routes; false when no route has this path. */
export async function handleControl(target: ControlTarget, ex: Exchange): Promise<boolean> {
  const pathname = ex.url.pathname;
  const matching = routes.filter((r) => r.path.test(pathname));
  if (matching.length === 0) return false;
  const route = matching.find((r) => r.method === ex.method);
  if (!route) {
    ex.send(405, 'method not allowed', { allow: matching.map((r) => r.method).join(', ') });
    return true;
  }
  try {
    await route.handler(target, ex, route.path.exec(pathname)?.[1] ?? '');
  } catch (error) {
    const input =
      error instanceof BodyInputError || error instanceof FaultInputError || error instanceof SubscriptionInputError;
    if (!input) throw error;
    ex.send(400, error.message);
  }
  return true;
}
