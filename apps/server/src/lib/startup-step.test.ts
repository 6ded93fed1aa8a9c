import { afterEach, describe, expect, it, vi } from 'vitest';
import { startupStep } from './startup-step.ts';

describe('a start-up step', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('logs what start-up waits for while the step has not finished, and stops when it has', async () => {
    vi.useFakeTimers();
    const warnings: { step: string; waitedSeconds: number; message: string }[] = [];
    const log = {
      warn: (obj: { step: string; waitedSeconds: number }, message: string) => warnings.push({ ...obj, message }),
    };
    let finish!: (v: string) => void;
    const step = startupStep(log as never, 'the job queues', () => new Promise<string>((r) => (finish = r)));
    await vi.advanceTimersByTimeAsync(25_000);
    expect(warnings).toEqual([
      { step: 'the job queues', waitedSeconds: 10, message: 'start-up is still waiting for: the job queues' },
      { step: 'the job queues', waitedSeconds: 20, message: 'start-up is still waiting for: the job queues' },
    ]);
    finish('ready');
    expect(await step).toBe('ready');
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warnings).toHaveLength(2);
  });

  it('says nothing about a step that finishes in time', async () => {
    vi.useFakeTimers();
    const warnings: unknown[] = [];
    const step = startupStep({ warn: (o: unknown) => warnings.push(o) } as never, 'quick', async () => 1);
    expect(await step).toBe(1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(warnings).toEqual([]);
  });
});
