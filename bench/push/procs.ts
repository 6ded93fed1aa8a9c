// Child processes of the benchmark: start, pin to cores, and wait for typed IPC messages.
import { type ChildProcess, execFileSync, fork } from 'node:child_process';
import { isTyped } from './protocol.ts';

/** Starts a TypeScript child (Node 24 strips the types) with an IPC channel; its output goes to ours. */
export function startChild(file: URL, execArgv: string[] = []): ChildProcess {
  return fork(file, [], { execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
}

/** Whether `taskset` exists and may set affinities here: re-applies our own affinity list (a no-op). */
export function canPin(): boolean {
  try {
    const current = execFileSync('taskset', ['-c', '-p', String(process.pid)], { encoding: 'utf8' });
    const list = /list:\s*(\S+)/.exec(current)?.[1];
    if (!list) return false;
    execFileSync('taskset', ['-c', '-p', list, String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins every thread of `pid` to `cpus` (a taskset list such as `0` or `0,1`). */
export function pin(pid: number | undefined, cpus: string): void {
  if (pid === undefined) throw new Error('cannot pin a process that did not start');
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
}

/** The next message of `type` from `child`; rejects on an `error` message or when the child exits first. */
export function nextMessage<M extends { type: string }, K extends M['type']>(
  child: ChildProcess,
  type: K,
): Promise<Extract<M, { type: K }>> {
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    const onMessage = (message: unknown) => {
      if (!isTyped(message)) return;
      if (message.type === type) {
        cleanup();
        resolve(message as Extract<M, { type: K }>);
      } else if (message.type === 'error') {
        cleanup();
        reject(new Error(`child ${child.pid}: ${String((message as { message?: unknown }).message)}`));
      }
    };
    const onExit = (code: number | null, signal: string | null) => {
      cleanup();
      reject(new Error(`child ${child.pid} exited (${code ?? signal}) before sending "${type}"`));
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

/** Resolves when the child has exited (at once if it already has). */
export function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}
