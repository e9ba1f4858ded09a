// The README and the documents' indexes stay true to the tree: the README is short, names every
// folder that exists and no folder that does not, its recipes point at files that exist, every
// document is indexed, and no link leads nowhere.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { COMMANDS } from '@/cli/commands';
import { envSchema } from '@/core/config-env';

const ROOT = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const README = read('README.md');

/** The text of a `## ` section of `markdown`, up to the next one. */
function section(markdown: string, heading: string): string {
  const start = markdown.indexOf(`\n## ${heading}`);
  assert.notEqual(start, -1, `README has a "## ${heading}" section`);
  const end = markdown.indexOf('\n## ', start + 4);
  return markdown.slice(start, end === -1 ? undefined : end);
}

const codeSpans = (text: string) => [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]!);
const isFolder = (p: string) => existsSync(path.join(ROOT, p)) && statSync(path.join(ROOT, p)).isDirectory();

/** Folders of the tree as git sees it: the top level and every folder directly under src/. */
function trackedFolders(): string[] {
  const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
  })
    .split('\n')
    .filter(Boolean);
  const folders = new Set<string>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts.length > 1) folders.add(`${parts[0]}/`);
    if (parts[0] === 'src' && parts.length > 2) folders.add(`src/${parts[1]}/`);
  }
  // Generated before every build and ignored by git, but a folder of the tree all the same.
  if (isFolder('src/generated')) folders.add('src/generated/');
  return [...folders].sort();
}

/** Each row of the README's tree table: its folder, and the folders it names inside it. */
function treeRows(): { folder: string; inside: string[] }[] {
  return section(README, 'Where things live')
    .split('\n')
    .filter((line) => /^\| `[^`]+\/` \|/.test(line))
    .map((line) => {
      const [folderCell, whatCell] = line.split('|').slice(1, 3) as [string, string];
      return { folder: codeSpans(folderCell)[0]!, inside: codeSpans(whatCell).filter((s) => s.endsWith('/')) };
    });
}

test('the README is at most 150 lines', () => {
  const lines = README.trimEnd().split('\n').length;
  assert.ok(lines <= 150, `README.md has ${lines} lines`);
});

test('every folder the README names exists, and so does every folder it names inside one', () => {
  for (const { folder, inside } of treeRows()) {
    assert.ok(isFolder(folder), `README names ${folder}, which does not exist`);
    for (const sub of inside)
      assert.ok(isFolder(path.join(folder, sub)), `README names ${folder}${sub}, which does not exist`);
  }
});

test('the README names every top-level folder and every folder under src/', () => {
  const named = new Set(treeRows().map((r) => r.folder));
  const missing = trackedFolders().filter((folder) => !named.has(folder));
  assert.deepEqual(missing, [], `folders the README's tree leaves out: ${missing.join(', ')}`);
});

test("every file the README's recipes name exists", () => {
  const recipes = section(README, 'Making a change');
  const paths = codeSpans(recipes).filter(
    (s) => !s.includes('<') && !s.includes(' ') && (s.includes('/') || /\.\w+$/.test(s)) && /^[.\w-]/.test(s),
  );
  assert.ok(paths.length >= 20, `the recipes name ${paths.length} files`);
  const recipeCount = (recipes.match(/^\*\*[^*]+\.\*\*$/gm) ?? []).length;
  assert.equal(recipeCount, 5, 'five recipes');
  for (const p of paths) assert.ok(existsSync(path.join(ROOT, p)), `a recipe names ${p}, which does not exist`);
});

test('docs/README.md indexes every document, and the decisions index every record', () => {
  const index = read('docs/README.md');
  for (const file of readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md') && f !== 'README.md')) {
    assert.ok(index.includes(`](${file})`), `docs/README.md does not link ${file}`);
  }
  assert.ok(index.includes('](decisions/README.md)'), 'docs/README.md links the decisions index');
  const decisions = read('docs/decisions/README.md');
  for (const file of readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => /^\d{4}-.*\.md$/.test(f))) {
    assert.ok(decisions.includes(`](${file})`), `docs/decisions/README.md does not link ${file}`);
  }
});

test('every link of the README and of the indexes leads to an existing file', () => {
  const files = [
    'README.md',
    'docs/README.md',
    'docs/decisions/README.md',
    'bench/results/README.md',
    'docs/pages.md',
    'docs/configuration.md',
    'docs/clients.md',
    'docs/operations.md',
    'docs/testing.md',
    'docs/development.md',
    'docs/performance.md',
  ];
  for (const file of files) {
    for (const [, target] of read(file).matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^[a-z]+:/.test(target!) || target!.startsWith('#')) continue;
      const resolved = path.join(path.dirname(path.join(ROOT, file)), target!.split('#')[0]!);
      assert.ok(existsSync(resolved), `${file} links ${target}, which does not exist`);
    }
  }
});

test('docs/configuration.md names every variable the service reads', () => {
  const doc = read('docs/configuration.md');
  const missing = Object.keys(envSchema.shape).filter((name) => !doc.includes(`\`${name}\``));
  assert.deepEqual(missing, []);
});

test("the README's production section names every operator command", () => {
  const named = new Set(codeSpans(section(README, 'Production in short')));
  assert.deepEqual(
    Object.keys(COMMANDS).filter((command) => !named.has(command)),
    [],
  );
});
