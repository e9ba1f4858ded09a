// Which of a search query's trigrams PostgreSQL's trigram indexes should read.
//
// A LIKE condition hands the index every trigram of its text, and the index reads each one's whole
// list of rows. A trigram that most customers share ("com", "mai", a shop's own domain) costs as many
// rows as there are customers, however few the other trigrams leave: at a million customers the search
// for one address read 3,800 index pages and took 85 ms, nearly all of it in common trigrams. So the
// search asks the index only for the query's rarest trigrams (each one a three-character part of the
// query, which every match contains) and checks the few rows they name against the whole query.
//
// How rare a trigram is comes from the statistics PostgreSQL's ANALYZE keeps of the two columns (their
// most common values and a histogram of the rest, a sample of a few hundred values): the share of the
// sample that contains it, as the planner itself estimates a LIKE.
import type { PrismaClient } from '@/generated/prisma/postgresql/client';

/** A value of the sample with the share of the column it stands for. */
export interface SampledValue {
  text: string;
  share: number;
}

/** The index reads at most this many of the query's trigrams. */
export const MOST_TRIGRAMS = 3;
/**
 * A trigram in more than this share of the two columns together costs more to read in the index than
 * it saves in the check; the rarest is read even so, or the index would not be used at all.
 */
export const COMMON_SHARE = 0.02;
/** How long one instance keeps the statistics before it reads them again. */
export const SAMPLE_MAX_AGE_MS = 10 * 60_000;

/**
 * Letters and digits of ASCII only: their case is the same to JavaScript and to PostgreSQL in any
 * locale, where `İ` or a final `Σ` is not, and a trigram lower-cased differently would lose matches.
 * A query without three of them in a row is asked as a whole, as before.
 */
const WORD_CHARACTER = /^[a-z0-9]$/i;

/**
 * The query's trigrams that an index can serve as they are: each three consecutive letters or digits
 * as typed (once, whatever their case), with where it starts, in order of position. pg_trgm takes
 * only letters and digits into trigrams, and `%abc%` gives exactly the trigram `abc`.
 */
export function queryTrigrams(query: string): { trigram: string; at: number }[] {
  const characters = [...query];
  const found = new Map<string, { trigram: string; at: number }>();
  for (let at = 0; at + 3 <= characters.length; at += 1) {
    const trigram = characters.slice(at, at + 3).join('');
    if ([...trigram].every((character) => WORD_CHARACTER.test(character)) && !found.has(trigram.toLowerCase()))
      found.set(trigram.toLowerCase(), { trigram, at });
  }
  return [...found.values()];
}

/** The share of the sampled columns whose values contain the trigram. */
export const sampledShare = (sample: readonly SampledValue[], trigram: string) =>
  sample.reduce((sum, value) => (value.text.includes(trigram.toLowerCase()) ? sum + value.share : sum), 0);

/**
 * The trigrams the index should read: the rarest first, then others under COMMON_SHARE, up to
 * MOST_TRIGRAMS, preferring ones that do not overlap those already taken (apart, they narrow more).
 * None for a query without three letters or digits in a row.
 */
export function selectiveTrigrams(query: string, sample: readonly SampledValue[]): string[] {
  const ranked = queryTrigrams(query)
    .map((part) => ({ ...part, share: sampledShare(sample, part.trigram) }))
    .sort((a, b) => a.share - b.share || a.at - b.at);
  const rare = ranked.filter((part, index) => index === 0 || part.share <= COMMON_SHARE);
  const apart = (part: { at: number }, taken: { at: number }[]) =>
    taken.every((other) => Math.abs(other.at - part.at) >= 3);
  const taken: typeof rare = [];
  for (const part of rare) if (taken.length < MOST_TRIGRAMS && apart(part, taken)) taken.push(part);
  for (const part of rare) if (taken.length < MOST_TRIGRAMS && !taken.includes(part)) taken.push(part);
  return taken.map((part) => part.trigram);
}

interface ColumnStatistics {
  null_frac: number | null;
  common: string[] | null;
  frequencies: number[] | null;
  bounds: string[] | null;
}

/**
 * One column's statistics as a weighted sample: its common values at their frequencies, the histogram's values sharing
 * the rest.
 */
export function columnSample(stats: ColumnStatistics): SampledValue[] {
  const common = (stats.common ?? []).map((text, index) => ({
    text: text.toLowerCase(),
    share: stats.frequencies?.[index] ?? 0,
  }));
  const bounds = stats.bounds ?? [];
  const rest = Math.max(0, 1 - (stats.null_frac ?? 0) - common.reduce((sum, value) => sum + value.share, 0));
  return [...common, ...bounds.map((text) => ({ text: text.toLowerCase(), share: rest / bounds.length }))];
}

/**
 * The customers' e-mails and names as ANALYZE last sampled them, read again after SAMPLE_MAX_AGE_MS.
 * Empty before the first ANALYZE (every trigram then counts as rare, which suits a table that small).
 */
export function customerSample(prisma: PrismaClient, now = () => Date.now()): () => Promise<readonly SampledValue[]> {
  let kept: { at: number; sample: Promise<readonly SampledValue[]> } | undefined;
  const read = async () => {
    const columns = await prisma.$queryRawUnsafe<ColumnStatistics[]>(
      `SELECT null_frac, most_common_vals::text::text[] AS common, most_common_freqs AS frequencies, histogram_bounds::text::text[] AS bounds
         FROM pg_stats WHERE schemaname = current_schema() AND tablename = 'CustomerAccount' AND attname IN ('email', 'name')`,
    );
    return columns.flatMap(columnSample);
  };
  return () => {
    if (!kept || now() - kept.at > SAMPLE_MAX_AGE_MS) {
      const sample = read();
      kept = { at: now(), sample };
      sample.catch(() => {
        if (kept?.sample === sample) kept = undefined;
      });
    }
    return kept.sample;
  };
}
