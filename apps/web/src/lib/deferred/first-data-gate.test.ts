import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.useRealTimers();
  vi.resetModules();
  document.documentElement.removeAttribute('data-route-busy');
});

/** A fresh gate module (its state is module-wide), a query client, and whether the gate has opened. */
async function setup(arm = true) {
  const gate = await import('./first-data-gate');
  const client = new QueryClient();
  if (arm) gate.armFirstDataGate(client);
  let open = false;
  void gate.afterFirstData().then(() => {
    open = true;
  });
  const flush = async (ms = 0) => {
    await vi.advanceTimersByTimeAsync(ms);
  };
  return { client, isOpen: () => open, flush };
}

describe('first-data gate', () => {
  it('is open when never armed (parts rendered alone)', async () => {
    vi.useFakeTimers();
    const { isOpen, flush } = await setup(false);
    await flush();
    expect(isOpen()).toBe(true);
  });

  it("opens once the page's calls have answered and none is running, not before", async () => {
    vi.useFakeTimers();
    const { client, isOpen, flush } = await setup();
    let answer: (v: number) => void = () => {};
    const first = client.fetchQuery({ queryKey: ['a'], queryFn: () => new Promise<number>((r) => (answer = r)) });
    await flush(200);
    expect(isOpen()).toBe(false);
    answer(1);
    await first;
    // one call answered while another runs: still closed
    let second: (v: number) => void = () => {};
    const next = client.fetchQuery({ queryKey: ['b'], queryFn: () => new Promise<number>((r) => (second = r)) });
    await flush(200);
    expect(isOpen()).toBe(false);
    second(2);
    await next;
    await flush(120);
    expect(isOpen()).toBe(true);
  });

  it('waits for a loading route, and opens at once on a key or pointer', async () => {
    vi.useFakeTimers();
    const { client, isOpen, flush } = await setup();
    document.documentElement.setAttribute('data-route-busy', '');
    await client.fetchQuery({ queryKey: ['a'], queryFn: async () => 1 });
    await flush(200);
    expect(isOpen()).toBe(false);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    await flush();
    expect(isOpen()).toBe(true);
  });

  it("counts only the page's own calls, answered once its route loaded, and opens after 4 s whatever happens", async () => {
    vi.useFakeTimers();
    const routeDone = await setup();
    document.documentElement.setAttribute('data-route-busy', '');
    // the guard's session check, while the route loads
    await routeDone.client.fetchQuery({ queryKey: ['session'], queryFn: async () => 1 });
    document.documentElement.removeAttribute('data-route-busy');
    await routeDone.flush(200);
    expect(routeDone.isOpen()).toBe(false);
    await routeDone.client.fetchQuery({ queryKey: ['page'], queryFn: async () => 2 });
    await routeDone.flush(120);
    expect(routeDone.isOpen()).toBe(true);

    vi.resetModules();
    const nothing = await setup();
    await nothing.flush(3900);
    expect(nothing.isOpen()).toBe(false);
    await nothing.flush(200);
    expect(nothing.isOpen()).toBe(true);
  });
});
