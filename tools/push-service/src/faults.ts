import type { FaultSpec } from './types.ts';

export interface Fault {
  id: number;
  subscriptionId?: string;
  status: number;
  retryAfter?: number;
  /** Answers left; Infinity for a permanent fault. */
  times: number;
  delayMs?: number;
}

/** Bad fault description (answered 400 over HTTP). */
export class FaultInputError extends Error {
  override name = 'FaultInputError';
}

const isNonNegative = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0;

/** Validates a fault description given in-process or as JSON over HTTP. */
export function parseFault(input: unknown): FaultSpec {
  if (input === null || typeof input !== 'object' || Array.isArray(input)) {
    throw new FaultInputError('fault must be an object {status, subscriptionId?, retryAfter?, times?, delayMs?}');
  }
  const { subscriptionId, status, retryAfter, delayMs, ...rest } = input as Record<string, unknown>;
  const times = rest.times === null ? undefined : rest.times; // JSON writes Infinity as null
  if (typeof status !== 'number' || !Number.isInteger(status) || status < 200 || status > 599) {
    throw new FaultInputError('status must be an integer HTTP status in 200..599');
  }
  if (subscriptionId !== undefined && typeof subscriptionId !== 'string') {
    throw new FaultInputError('subscriptionId must be a string');
  }
  if (retryAfter !== undefined && !(isNonNegative(retryAfter) && Number.isInteger(retryAfter))) {
    throw new FaultInputError('retryAfter must be a non-negative integer number of seconds');
  }
  if (times !== undefined && times !== Number.POSITIVE_INFINITY && !(Number.isInteger(times) && Number(times) > 0)) {
    throw new FaultInputError('times must be a positive integer');
  }
  if (delayMs !== undefined && !isNonNegative(delayMs)) throw new FaultInputError('delayMs must be ≥ 0');
  return {
    status,
    ...(subscriptionId !== undefined ? { subscriptionId } : {}),
    ...(retryAfter !== undefined ? { retryAfter } : {}),
    ...(times !== undefined ? { times: Number(times) } : {}),
    ...(delayMs !== undefined ? { delayMs } : {}),
  };
}

/** Injected faults, checked in the order they were added; each answer uses up one of its `times`. */
export class FaultTable {
  #faults: Fault[] = [];
  #nextId = 1;

  add(input: FaultSpec): Fault {
    const spec = parseFault(input);
    const fault: Fault = { ...spec, id: this.#nextId++, times: spec.times ?? Number.POSITIVE_INFINITY };
    this.#faults.push(fault);
    return fault;
  }

  /** The first fault that applies to a push to `subscriptionId`, consuming one use of it. */
  take(subscriptionId: string): Fault | undefined {
    const fault = this.#faults.find(
      (f) => f.times > 0 && (f.subscriptionId === undefined || f.subscriptionId === subscriptionId),
    );
    if (!fault) return undefined;
    fault.times--;
    if (fault.times <= 0) this.#faults = this.#faults.filter((f) => f !== fault);
    return { ...fault };
  }

  list(): Fault[] {
    return this.#faults.map((f) => ({ ...f }));
  }

  clear(): void {
    this.#faults = [];
  }
}
