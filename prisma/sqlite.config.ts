// Prisma CLI settings for the embedded SQLite database: `npx prisma <command> --config prisma/sqlite.config.ts`.
import { defineConfig } from 'prisma/config';
import { sqliteFilePath } from '../src/server/db/dialect';

export default defineConfig({
  // Paths here are relative to this file.
  schema: 'generated/sqlite.prisma',
  migrations: { path: 'migrations/sqlite' },
  // The same file the app opens: DATA_DIR (default ./.data) resolved from the working directory.
  datasource: { url: `file:${sqliteFilePath(process.env.DATA_DIR ?? '.data')}` },
});
