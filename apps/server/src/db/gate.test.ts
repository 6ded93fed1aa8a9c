import { describe, expect, it } from 'vitest';
import { Gate } from './gate.ts';

describe('the embedded database gate', () => {
  it('runs holders one at a time, in arrival order', async () => {
    const gate = new Gate();
    const order: string[] = [];
    let releaseFirst!: () => void;
    const first = gate.run(
      () =>
        new Promise<void>((resolve) => {
          order.push('first in');
          releaseFirst = () => {
            order.push('first out');
            resolve();
          };
        }),
    );
    const second = gate.run(async () => {
      order.push('second');
    });
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual(['first in']);
    releaseFirst();
    await Promise.all([first, second]);
    expect(order).toEqual(['first in', 'first out', 'second']);
  });

  it('says what holds it, for how long and who waits, once held past the threshold', async () => {
    const gate = new Gate();
    expect(gate.stall(0)).toBeNull();
    const release = await gate.acquire();
    gate.note('select *\n  from   occurrences where id = $1');
    const waiter = gate.run(async () => 'done');
    const now = Date.now();
    expect(gate.stall(10_000, now)).toBeNull();
    expect(gate.stall(10_000, now + 12_000)).toEqual({
      heldMs: expect.any(Number),
      waiting: 1,
      statement: 'select * from occurrences where id = $1',
    });
    expect(gate.stall(10_000, now + 12_000)!.heldMs).toBeGreaterThanOrEqual(12_000);
    release();
    expect(await waiter).toBe('done');
    expect(gate.stall(0)).toBeNull();
  });
});
