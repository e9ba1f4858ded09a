// The admin's customer search: customers whose e-mail or name contains the query as it is typed
// (`%`, `_` and `\` are plain characters), in any ASCII case.
//
// PostgreSQL's planner chooses between its trigram indexes and the list's own order by itself; the
// index is asked only for the query's rarest trigrams (customer-search-trigrams.ts).
// SQLite's knows nothing of how many rows an FTS5 query matches, so on SQLite the choice is made here:
// - a query that fewer than INDEX_MATCHES_BOUND customers match reads the trigram index
//   "CustomerSearch" (its migration keeps it in step with "CustomerAccount") and sorts those few;
// - a query that more match, or one too short for a trigram, walks the list's (createdAt, id) order
//   and stops at a full page, which takes fewer rows the more customers match, where reading the
//   index would sort them all.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { PageRequest } from '@/core/ports';
import { selectiveTrigrams, type SampledValue } from './customer-search-trigrams';

/** Below this many matches the index answers; from this many on, the walk finds a page sooner. */
export const INDEX_MATCHES_BOUND = 1000;

/** The trigram index finds substrings of three characters or more. */
const TRIGRAM = 3;

/** The text with LIKE's wildcards and its escape character taken literally (escape character `\`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** FTS5's query for the text as one phrase, which the trigram tokenizer matches as a substring. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** Whether SQLite's trigram index should answer the query (fewer than INDEX_MATCHES_BOUND match it). */
export async function searchReadsIndex(prisma: PrismaClient, query: string): Promise<boolean> {
  if ([...query].length < TRIGRAM) return false;
  const [counted] = await prisma.$queryRawUnsafe<{ matches: number | bigint }[]>(
    `SELECT count(*) AS matches FROM (SELECT 1 FROM "CustomerSearch" WHERE "CustomerSearch" MATCH ? LIMIT ${INDEX_MATCHES_BOUND})`,
    phrase(query),
  );
  return Number(counted?.matches ?? 0) < INDEX_MATCHES_BOUND;
}

/**
 * SQLite: the ids of one page of customers matching `query`, in the list's order, one more than the
 * page's limit (as `pageArgs` asks).
 */
export async function sqliteSearchPage(prisma: PrismaClient, query: string, page: PageRequest): Promise<string[]> {
  const fromIndex = await searchReadsIndex(prisma, query);
  const pattern = `%${likeLiteral(query)}%`;
  const after = page.after;
  // Each row the index names (by rowid) is checked against its text as well, so the two ways answer
  // alike and a row the index names wrongly is never shown.
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT c."id" FROM ${fromIndex ? `"CustomerSearch" JOIN "CustomerAccount" c ON c.rowid = "CustomerSearch".rowid` : `"CustomerAccount" c`}
      WHERE ${fromIndex ? `"CustomerSearch" MATCH ? AND ` : ''}(c."email" LIKE ? ESCAPE '\\' OR c."name" LIKE ? ESCAPE '\\')
      ${after ? `AND (c."createdAt", c."id") > (?, ?)` : ''}
      ORDER BY c."createdAt", c."id" LIMIT ?`,
    ...(fromIndex ? [phrase(query)] : []),
    pattern,
    pattern,
    ...(after ? [after.createdAt, after.id] : []),
    page.limit + 1,
  );
  return rows.map((row) => row.id);
}

/**
 * PostgreSQL: the ids of one page of customers matching `query`, as `sqliteSearchPage`. The trigram
 * indexes see only the selective trigrams' conditions; the whole query is checked on a copy of each
 * column (`|| ''`), which no index serves, so the index is not handed its common trigrams after all.
 */
export async function postgresSearchPage(prisma: PrismaClient, query: string, page: PageRequest, sample: readonly SampledValue[]): Promise<string[]> {
  const trigrams = selectiveTrigrams(query, sample);
  const values: unknown[] = [];
  const value = (x: unknown) => `$${values.push(x)}`;
  // E-mails are stored lower-cased; names match in any case (ILIKE, with PostgreSQL's own case rules).
  const contains = (column: string, like: 'LIKE' | 'ILIKE', text: string, parts: string[]) => {
    const whole = value(`%${likeLiteral(text)}%`);
    if (parts.length === 0) return `c."${column}" ${like} ${whole}`;
    return [...parts.map((part) => `c."${column}" ${like} ${value(`%${part}%`)}`), `(c."${column}" || '') ${like} ${whole}`].join(' AND ');
  };
  const email = contains('email', 'LIKE', query.toLowerCase(), trigrams.map((trigram) => trigram.toLowerCase()));
  const matches = `((${email}) OR (${contains('name', 'ILIKE', query, trigrams)}))`;
  const after = page.after && `(c."createdAt", c."id") > (CAST(${value(page.after.createdAt.toISOString())} AS timestamptz) AT TIME ZONE 'UTC', ${value(page.after.id)})`;
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT c."id" FROM "CustomerAccount" c WHERE ${matches}${after ? ` AND ${after}` : ''} ORDER BY c."createdAt", c."id" LIMIT ${value(page.limit + 1)}`,
    ...values,
  );
  return rows.map((row) => row.id);
}
