// No import circle among the project's own modules, type-only imports included: a circle makes the
// order of module start-up decide which value is still undefined, and hides which module owns a name.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import ts from 'typescript';

const ROOT = path.resolve(import.meta.dirname, '../..');
const FOLDERS = ['src', 'scripts', 'test', 'e2e', 'examples', 'bench'];
const LEFT_OUT = [path.join(ROOT, 'src', 'generated'), path.join(ROOT, 'bench', 'plain-next')];
const SOURCE = /\.(ts|tsx|mts)$/;

function sources(dir: string): string[] {
  if (!existsSync(dir) || LEFT_OUT.some((out) => dir.startsWith(out))) return [];
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (entry === 'node_modules' || entry.startsWith('.')) return [];
    if (statSync(full).isDirectory()) return sources(full);
    return SOURCE.test(entry) && !entry.endsWith('.d.ts') ? [full] : [];
  });
}

/** The project file an import names, or undefined for a package's. */
function resolve(from: string, specifier: string): string | undefined {
  const base = specifier.startsWith('@/')
    ? path.join(ROOT, 'src', specifier.slice(2))
    : specifier.startsWith('.')
      ? path.resolve(path.dirname(from), specifier)
      : undefined;
  if (!base) return undefined;
  const stem = base.replace(/\.(js|mjs)$/, '');
  return [
    base,
    `${stem}.ts`,
    `${stem}.tsx`,
    `${stem}.mts`,
    path.join(base, 'index.ts'),
    path.join(base, 'index.tsx'),
  ].find((f) => SOURCE.test(f) && existsSync(f));
}

/** Strongly connected groups of more than one module (Tarjan), each a circle or several. */
function circles(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const order = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    order.set(node, index);
    low.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, order.get(next)!));
    }
    if (low.get(node) === order.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(group);
    }
  };
  for (const node of graph.keys()) if (!order.has(node)) visit(node);
  return found;
}

function importGraph(): Map<string, string[]> {
  const files = FOLDERS.flatMap((folder) => sources(path.join(ROOT, folder)));
  return new Map(
    files.map((file) => {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((i) => resolve(file, i.fileName)).filter((f): f is string => f !== undefined);
      return [file, [...new Set(targets)]];
    }),
  );
}

test('the import graph has edges to check (the resolver finds the project modules)', () => {
  const graph = importGraph();
  const config = graph.get(path.join(ROOT, 'src', 'core', 'config.ts')) ?? [];
  assert.ok(config.includes(path.join(ROOT, 'src', 'core', 'config-error.ts')), 'config.ts imports config-error.ts');
  assert.ok([...graph.values()].flat().length > 1000);
});

test('finds a circle where there is one', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(
    circles(graph).map((g) => g.sort()),
    [['a', 'b', 'c']],
  );
});

test('no module imports itself through others', () => {
  const found = circles(importGraph()).map((group) =>
    group
      .map((f) => path.relative(ROOT, f))
      .sort()
      .join(' <-> '),
  );
  assert.deepEqual(found, []);
});
