// The admin's customer search: customers whose e-mail or name contains the query as it is typed
// (`%`, `_` and `\` are plain characters), in any ASCII case.
//
// A query that many customers match (a shop's own domain, `gmail.com`) fills its page within the
// first rows of the list's own (createdAt, id) order, where an index would name every one of its
// matches to be sorted; one that few match is found sooner by a trigram index. Each dialect chooses:
// - PostgreSQL reads the order from the cursor on, at most WALK_ROWS rows, and stops at a full page
//   (`walkedPage`); only a query those rows leave short of a page asks its trigram indexes, for the
//   query's rarest trigrams only (customer-search-trigrams.ts). Its planner cannot make this choice:
//   it took the query that all of 500,000 customers match for a rare one, and scanned and sorted
//   them all (284 ms at the median).
// - SQLite counts the matches in its FTS5 trigram index "CustomerSearch" (its migration keeps it in
//   step with "CustomerAccount") up to INDEX_MATCHES_BOUND, which stops early where PostgreSQL's
//   bitmap of a common trigram cannot: fewer read the index and are sorted; more, or a query too
//   short for a trigram, walk the list's order and stop at a full page.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';
import type { PageRequest } from '@/core/ports';
import { selectiveTrigrams, type SampledValue } from './customer-search-trigrams';

/**
 * The rows of the list's order a PostgreSQL search reads before it asks an index: a query in one
 * customer of WALK_ROWS / (limit + 1) or more fills its page within them (one in 50 for the default
 * page of 20, one in 10 for the largest), at a cost that does not grow with the table (about 3 ms when
 * none match).
 */
export const WALK_ROWS = 1000;

/** Below this many matches the index answers; from this many on, the walk finds a page sooner. */
export const INDEX_MATCHES_BOUND = 1000;

/** The trigram index finds substrings of three characters or more. */
const TRIGRAM = 3;

/** The text with LIKE's wildcards and its escape character taken literally (escape character `\`). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&');

/** FTS5's query for the text as one phrase, which the trigram tokenizer matches as a substring. */
const phrase = (text: string) => `"${text.replaceAll('"', '""')}"`;

/**
 * PostgreSQL: the page of the first WALK_ROWS rows after the cursor that match, or undefined when they
 * hold fewer than the page's limit + 1 matches and more rows follow them (an index answers then). The
 * statement answers the window's WALK_ROWS-th row as well (`n`), match or not: a window that the table
 * ends first holds every match left. Both selects keep the index's order, so the walk stops at the
 * page's last match.
 */
export async function walkedPage(
  prisma: PrismaClient,
  query: string,
  page: PageRequest,
): Promise<string[] | undefined> {
  const values: unknown[] = [];
  const value = (x: unknown) => `$${values.push(x)}`;
  // As postgresSearchPage: e-mails are stored lower-cased; names match in any case.
  const hit = `(c."email" LIKE ${value(`%${likeLiteral(query.toLowerCase())}%`)} OR c."name" ILIKE ${value(`%${likeLiteral(query)}%`)})`;
  const after =
    page.after &&
    `WHERE (c."createdAt", c."id") > (CAST(${value(page.after.createdAt.toISOString())} AS timestamptz) AT TIME ZONE 'UTC', ${value(page.after.id)})`;
  const rows = await prisma.$queryRawUnsafe<{ id: string; hit: boolean; n: bigint | number }[]>(
    `SELECT w."id", w."hit", w."n" FROM (
       SELECT c."id", c."createdAt", ${hit} AS "hit", ROW_NUMBER() OVER (ORDER BY c."createdAt", c."id") AS "n"
         FROM "CustomerAccount" c ${after ?? ''} ORDER BY c."createdAt", c."id" LIMIT ${WALK_ROWS}) w
     WHERE w."hit" OR w."n" = ${WALK_ROWS} ORDER BY w."createdAt", w."id" LIMIT ${value(page.limit + 1)}`,
    ...values,
  );
  const hits = rows.filter((row) => row.hit).map((row) => row.id);
  return hits.length > page.limit || !rows.some((row) => Number(row.n) === WALK_ROWS) ? hits : undefined;
}

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
export async function postgresSearchPage(
  prisma: PrismaClient,
  query: string,
  page: PageRequest,
  sample: readonly SampledValue[],
): Promise<string[]> {
  const trigrams = selectiveTrigrams(query, sample);
  const values: unknown[] = [];
  const value = (x: unknown) => `$${values.push(x)}`;
  // E-mails are stored lower-cased; names match in any case (ILIKE, with PostgreSQL's own case rules).
  const contains = (column: string, like: 'LIKE' | 'ILIKE', text: string, parts: string[]) => {
    const whole = value(`%${likeLiteral(text)}%`);
    if (parts.length === 0) return `c."${column}" ${like} ${whole}`;
    return [
      ...parts.map((part) => `c."${column}" ${like} ${value(`%${part}%`)}`),
      `(c."${column}" || '') ${like} ${whole}`,
    ].join(' AND ');
  };
  const email = contains(
    'email',
    'LIKE',
    query.toLowerCase(),
    trigrams.map((trigram) => trigram.toLowerCase()),
  );
  const matches = `((${email}) OR (${contains('name', 'ILIKE', query, trigrams)}))`;
  const after =
    page.after &&
    `(c."createdAt", c."id") > (CAST(${value(page.after.createdAt.toISOString())} AS timestamptz) AT TIME ZONE 'UTC', ${value(page.after.id)})`;
  const rows = await prisma.$queryRawUnsafe<{ id: string }[]>(
    `SELECT c."id" FROM "CustomerAccount" c WHERE ${matches}${after ? ` AND ${after}` : ''} ORDER BY c."createdAt", c."id" LIMIT ${value(page.limit + 1)}`,
    ...values,
  );
  return rows.map((row) => row.id);
}
