import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { satisfies, unsupportedNode } from './node-version.ts';

const RANGE = (
  JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    engines: { node: string };
  }
).engines.node;

describe('the Node.js version check (main.ts)', () => {
  it('takes the ranges of engines.node', () => {
    expect(RANGE).toBe('>=24 <25');
    const verdicts = Object.fromEntries(
      ['24.0.0', '24.21.0', 'v24.21.0', '25.0.0', '23.11.1', '20.20.2', '18.0.0', 'garbage'].map((v) => [
        v,
        satisfies(v, RANGE),
      ]),
    );
    expect(verdicts).toEqual({
      '24.0.0': true,
      '24.21.0': true,
      'v24.21.0': true,
      '25.0.0': false,
      '23.11.1': false,
      '20.20.2': false,
      '18.0.0': false,
      garbage: false,
    });
    expect(satisfies('24.2.0', '>=24.1.3')).toBe(true);
    expect(satisfies('24.1.2', '>=24.1.3')).toBe(false);
    expect(satisfies('24.0.1', '>24 <=24.0.1')).toBe(true);
    expect(satisfies('24.3.0', '24.3.0')).toBe(true);
  });

  it('says in one line which Node.js to use, and nothing on a supported one', () => {
    expect(unsupportedNode('24.21.0', RANGE)).toBeNull();
    const line = unsupportedNode('20.20.2', RANGE);
    expect(line).toBe(
      "Pushdeck needs Node.js 24 (>=24 <25), not 20.20.2: start it with `npm start`, which runs the project's own Node.js 24, or install Node.js 24.",
    );
    expect(line).not.toContain('\n');
  });

  it('stops the entry with that line and exit code 1 before the server is loaded', () => {
    // this Node.js, told it is 20.20.2 before main.ts runs
    const fake = `data:text/javascript,Object.defineProperty(process.versions,'node',{value:'20.20.2'})`;
    const run = spawnSync(process.execPath, ['--import', fake, '--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: { ...process.env, DATA_DIR: '/nonexistent/pushdeck-node-version-test', PORT: '1' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`${unsupportedNode('20.20.2', RANGE)}\n`);
  });
});
