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

/**
 * The module specifiers a file imports or re-exports: static (`from`, also after a multi-line list), dynamic
 * (`import(` even split over lines) and side-effect (`import 'x'`), in single or double quotes.
 */
function importsOf(text: string): string[] {
  return [...text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"\n]+)\1/g)].map((m) => m[2]!);
}

/** Query-builder calls and raw SQL statements (Kysely), also when the call or the template spans lines. */
const QUERY =
  /\.\s*(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)\s*\(|\bsql\s*`\s*(select|insert|update|delete|with)\b/gi;

/**
 * Where SQL may live besides repositories, each for its reason: the database layer (connection, migrations, seeding),
 * the demo, lib/'s query helpers (lib/query, the live-event bus's pg_notify, the shared rate-limit store), the text
 * of the statistics' fact query (built for facts.repository.ts, runs nothing itself) and the test kits.
 */
const SQL_ALLOWED = [
  /^db\//,
  /^demo\//,
  /^lib\//,
  /^modules\/statistics\/facts-sql\.ts$/,
  /-test-kit\.ts$/,
  /^modules\/copy-tools\/copy-tools-kit\.ts$/,
  /(^|[-/])fixtures\.ts$/,
  /^modules\/segments\/query\/audience-test-data\.ts$/,
];

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

  it('server.ts loads the demo lazily, and no other product file imports it', async () => {
    const files = await productFiles();
    const main = files.find((f) => f.file === 'server.ts')!;
    expect(main.text).toMatch(/await import\('\.\/demo\/index\.ts'\)/);
    expect(main.text).not.toMatch(/from '\.\/demo\//);
    const offenders = files
      .filter(({ file }) => file !== 'server.ts' && !file.startsWith(`demo${path.sep}`))
      .filter(({ text }) => importsOf(text).some((s) => /(^|\/)demo\//.test(s)))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
  });

  it('the import and query detectors see double quotes, multi-line imports and split calls', () => {
    const text =
      'import {\n  a,\n  b,\n} from "../plugins/types.ts";\nconst m = await import(\n  "./demo/index.ts"\n);\nimport \'x\';';
    expect(importsOf(text)).toEqual(['../plugins/types.ts', './demo/index.ts', 'x']);
    const sqlText = 'await db\n  .selectFrom("t");\nawait sql`\n  update t`;\ndb.updateTable ("t")';
    expect([...sqlText.matchAll(QUERY)]).toHaveLength(3);
  });

  it('SQL lives in repositories: query-builder calls only in *.repository.ts, besides an explicit allow-list', async () => {
    const offenders = (await productFiles())
      .map(({ file, text }) => ({ file: file.split(path.sep).join('/'), text }))
      .filter(({ file }) => !file.endsWith('.repository.ts') && !SQL_ALLOWED.some((allowed) => allowed.test(file)))
      .flatMap(({ file, text }) => [...text.matchAll(QUERY)].map((m) => `${file}: ${m[0]}`));
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
