// Prisma CLI settings for PostgreSQL, the production database; SQLite's are in prisma/sqlite.config.ts.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations/postgresql' },
  // Only when set: `prisma generate` (run on every install) needs no database, and env() would
  // throw without one. `prisma migrate deploy` then reports the missing URL itself.
  ...(process.env.DATABASE_URL ? { datasource: { url: process.env.DATABASE_URL } } : {}),
});
