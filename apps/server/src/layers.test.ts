import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = import.meta.dirname;

/** Every product source file (no tests, no test support), with its path relative to src/ and its text. */
async function productFiles(): Promise<{ file: string; text: string }[]> {
  const entries = await readdir(SRC, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(SRC, path.join(e.parentPath, e.name)))
    .filter((f) => !f.startsWith(`test${path.sep}`));
  return Promise.all(files.map(async (file) => ({ file, text: await readFile(path.join(SRC, file), 'utf8') })));
}

/** The module specifiers a file imports (static and dynamic). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:from|import\()\s*'([^']+)'/g)].map((m) => m[1]!);
}

describe('the layers of the server (docs/architecture.md)', () => {
  it('only the demo module uses the test push service or tools/', async () => {
    const offenders = (await productFiles())
      .filter(({ file }) => !file.startsWith(`demo${path.sep}`))
      .flatMap(({ file, text }) =>
        importsOf(text)
          .filter((s) => s === '@pushdeck/push-service' || s === 'selfsigned' || /(^|\/)tools\//.test(s))
          .map((s) => `${file} imports ${s}`),
      );
    expect(offenders).toEqual([]);
  });

  it('main.ts loads the demo lazily, and no other product file imports it', async () => {
    const files = await productFiles();
    const main = files.find((f) => f.file === 'main.ts')!;
    expect(main.text).toMatch(/await import\('\.\/demo\/index\.ts'\)/);
    expect(main.text).not.toMatch(/from '\.\/demo\//);
    const offenders = files
      .filter(({ file }) => file !== 'main.ts' && !file.startsWith(`demo${path.sep}`))
      .filter(({ text }) => importsOf(text).some((s) => /(^|\/)demo\//.test(s)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('services hold no SQL: every query is in a repository (*.repository.ts)', async () => {
    const offenders = (await productFiles())
      .filter(({ file }) => file.endsWith('.service.ts'))
      .flatMap(({ file, text }) =>
        [
          ...text.matchAll(
            /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto)\(|\bsql`\s*(select|insert|update|delete|with)\b/gi,
          ),
        ].map((m) => `${file}: ${m[0]}`),
      );
    expect(offenders).toEqual([]);
  });

  it('only the HTTP layer imports plugins/: lib, services and repositories take a domain-level Actor (lib/actor.ts)', async () => {
    const offenders = (await productFiles())
      .filter(({ file }) => file.startsWith(`lib${path.sep}`) || /\.(service|repository)\.ts$/.test(file))
      .filter(({ text }) => importsOf(text).some((s) => /(^|\/)plugins\//.test(s)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('modules depend on each other one way: no import cycle between modules/<m> folders', async () => {
    const edges = new Map<string, Set<string>>();
    for (const { file, text } of await productFiles()) {
      const from = /^modules[\\/]([^\\/]+)[\\/]/.exec(file)?.[1];
      if (!from) continue;
      for (const spec of importsOf(text)) {
        const to = /^\.\.\/([^/.][^/]*)\//.exec(spec)?.[1];
        if (to && to !== from && !spec.startsWith('../../')) {
          if (!edges.has(from)) edges.set(from, new Set());
          edges.get(from)!.add(to);
        }
      }
    }
    const cycles: string[] = [];
    const visit = (node: string, trail: string[]) => {
      if (trail.includes(node)) {
        cycles.push([...trail.slice(trail.indexOf(node)), node].join(' → '));
        return;
      }
      for (const next of edges.get(node) ?? []) visit(next, [...trail, node]);
    };
    for (const node of edges.keys()) visit(node, []);
    expect(edges.size).toBeGreaterThan(3);
    expect([...new Set(cycles)]).toEqual([]);
  });
});
