// `npm run db:generate` (also run on install): derives the SQLite schema, then generates both clients.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import type { Dialect } from '../../src/server/db/dialect';
import { writeSqliteSchema } from './derive-sqlite';
import { commandLine } from '../../src/server/command-line';
import { PRISMA_CONFIGS, ROOT, SQLITE_SCHEMA, shown } from './paths';

const prismaCli = createRequire(import.meta.url).resolve('prisma/build/index.js');

// `prisma generate` needs no schema engine, yet the CLI downloads one unless told where it is; where
// downloads are impossible any existing executable will do. A value the caller set is kept.
const placeholderEngine = fs.existsSync('/bin/true') ? '/bin/true' : process.execPath;
const env = {
  ...process.env,
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? placeholderEngine,
  PRISMA_HIDE_UPDATE_MESSAGE: process.env.PRISMA_HIDE_UPDATE_MESSAGE ?? '1',
  // The CLI's version check calls out to the internet; offline it only costs time.
  CHECKPOINT_DISABLE: process.env.CHECKPOINT_DISABLE ?? '1',
};

function generate(dialect: Dialect): Promise<void> {
  const args = [prismaCli, 'generate', '--config', PRISMA_CONFIGS[dialect]];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) {
        console.log(`${dialect}: ${output.match(/Generated Prisma Client[^\n]*/)?.[0] ?? 'generated'}`);
        resolve();
      } else {
        reject(new Error(`prisma generate for ${dialect} failed (exit ${code}):\n${output}`));
      }
    });
  });
}

commandLine(
  `Usage: npm run db:generate

Derives prisma/generated/sqlite.prisma from prisma/schema.prisma, then generates the Prisma client of
both dialects into src/generated/ (also run by npm install and before every build).`,
  {},
);

try {
  if (writeSqliteSchema()) console.log(`${shown(SQLITE_SCHEMA)} re-derived from prisma/schema.prisma`);
  await Promise.all([generate('postgresql'), generate('sqlite')]);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
