/**
 * The catalogue's query planner for a filtered page (docs/decisions/0011): walk down the category
 * in sort order, or ask the search index, chosen from sampled statistics of the listings. Pure
 * functions of the statistics and the page asked for; catalogue.service.ts runs the plan.
 */
import {
  walkFactOf,
  type BrowseFilters,
  type BrowseSort,
  type FactSampleRow,
  type FactToken,
  type LexemeStats,
} from './catalogue.repository.ts';

/**
 * How far a filtered page walks down the category in sort order, at most, before it asks the search
 * index for the rest. The walk stops as soon as a page's worth matched, so this only bounds the walk
 * for rare matches: words in fewer than about 1 listing in 120 (a page of 25 in 3,000). Below that,
 * fetching every match through the index and sorting them is the cheaper way; the crossing point
 * is near √(page × category size), 3,000 for a page of 25 in a category of 360,000.
 * See docs/decisions/0011-catalogue-performance.md.
 */
export const searchWindowRows = 3000;

/** Lengths of a second walk (few, so each is one prepared statement). */
export const continuationRows = [250, 500, 1000, 2000, searchWindowRows];
/** The smallest bucket at least `value` (the largest when none is). */
export const bucketAbove = (value: number, buckets: number[]) => buckets.find((b) => b >= value) ?? buckets.at(-1)!;

/** How a filtered page finds its listings: walking in order first, or the search index only. */
export type SearchPlan = 'walk' | 'index';

/**
 * At most what share of the category's listings can match, from a sample of the search column's
 * lexemes: for each word, the share of sampled listings holding a lexeme it begins (a word the
 * sample does not hold twice counts as 2), divided by the category's share, as if every such
 * listing were in this category; the same for the condition. The rarest bound wins. Undefined
 * when the sample cannot tell (it holds no listing of the category).
 */
export const matchShareBound = (
  stats: LexemeStats,
  filters: Pick<BrowseFilters, 'categoryId' | 'condition'>,
  words: string[],
): number | undefined => {
  const countOf = (lexeme: string) => {
    const i = lowerBound(stats.lexemes, lexeme);
    return stats.lexemes[i] === lexeme ? stats.counts[i]! : 0;
  };
  // Every brand: every sampled listing (each holds exactly one category marker).
  const inCategory = filters.categoryId === undefined ? stats.sampled : countOf(`category ${filters.categoryId}`);
  if (inCategory === 0) return undefined;
  const unseen = 2;
  let bound = inCategory;
  for (const word of words) {
    // What the 'simple' parser makes of plain letters and digits: the word, lower-cased. Other
    // words (punctuation splits them) are left out of the bound.
    if (!/^[a-z0-9]+$/i.test(word)) continue;
    const prefix = word.toLowerCase();
    let count = 0;
    for (let i = lowerBound(stats.lexemes, prefix); i < stats.lexemes.length && count < inCategory; i++) {
      if (!stats.lexemes[i]!.startsWith(prefix)) break;
      count += stats.counts[i]!;
    }
    bound = Math.min(bound, count || unseen);
  }
  if (filters.condition !== undefined) bound = Math.min(bound, countOf(`condition ${filters.condition}`) || unseen);
  return Math.min(1, bound / inCategory);
};

/**
 * Which fact tokens the facts index should read for a page (`searchMatches`), from the sampled
 * listings: the rarest, then each other one (rarest first) whose list is under 100 times the rows
 * it would spare fetching (a token costs its whole list, ~0.05 µs a listing; a row fetched costs
 * some µs). A 0.13 % model is read alone, not beside its category's 300 k listings; a common model
 * with a storage size it does not come in reads both. Undefined when the sample is empty.
 */
export const factTokensToRead = (stats: LexemeStats, filters: BrowseFilters): FactToken[] | undefined => {
  if (stats.facts.length === 0) return undefined;
  const [colour, networkLock, model] = [filters.colour, filters.networkLock, filters.model].map((v) =>
    v?.toLowerCase(),
  );
  const tests: [FactToken, (row: FactSampleRow) => boolean][] = [];
  if (filters.storageGb !== undefined) tests.push(['storageGb', (row) => row.storageGb === filters.storageGb]);
  if (networkLock !== undefined) tests.push(['networkLock', (row) => row.networkLock === networkLock]);
  if (colour !== undefined) tests.push(['colour', (row) => row.colour === colour]);
  if (model !== undefined) tests.push(['model', (row) => row.model === model]);
  if (tests.length === 0) return undefined;
  if (filters.categoryId !== undefined) tests.push(['categoryId', (row) => row.categoryId === filters.categoryId]);
  const counted = tests
    .map(([token, test]) => ({ token, test, count: stats.facts.filter(test).length }))
    .sort((a, b) => a.count - b.count);
  const chosen = [counted[0]!];
  let rows = stats.facts.filter(counted[0]!.test);
  for (const candidate of counted.slice(1)) {
    const narrowed = rows.filter(candidate.test);
    if (candidate.count < 100 * (rows.length - narrowed.length)) {
      chosen.push(candidate);
      rows = narrowed;
    }
  }
  return chosen.map(({ token }) => token);
};

/**
 * What the two ways would cost a page of fact filters, counted in the sampled listings' facts
 * (whole rows, so a combination's share is counted, not guessed from each fact's own):
 * - `walkShare`: among the listings of the scope (the category, or every brand) and of the fact
 *   the walk goes down (`walkFactOf`; without one, those at or above a battery floor), the share
 *   that hold every fact asked for; 0 when the sample holds none the walk would pass (that fact is
 *   rare, and so are the matches);
 * - `indexRows`: about how many listings the facts index returns for the tokens it reads
 *   (`factTokensToRead`), which the index way fetches one by one to check the rest.
 * Undefined without a fact the facts index holds (battery health alone is not one).
 */
export const factEstimate = (
  stats: LexemeStats,
  filters: BrowseFilters,
  sort: BrowseSort,
): { walkShare: number; indexRows: number } | undefined => {
  const { storageGb, minBattery } = filters;
  const [colour, networkLock, model] = [filters.colour, filters.networkLock, filters.model].map((v) =>
    v?.toLowerCase(),
  );
  if ([storageGb, colour, networkLock, model].every((v) => v === undefined)) return undefined;
  const tokens = factTokensToRead(stats, filters);
  const reads = (token: FactToken) => tokens === undefined || tokens.includes(token);
  const walkFact = walkFactOf(sort, filters);
  let walked = 0;
  let matching = 0;
  let indexed = 0;
  for (const row of stats.facts) {
    const has: Record<FactToken, boolean> = {
      storageGb: storageGb === undefined || row.storageGb === storageGb,
      colour: colour === undefined || row.colour === colour,
      networkLock: networkLock === undefined || row.networkLock === networkLock,
      model: model === undefined || row.model === model,
      categoryId: filters.categoryId === undefined || row.categoryId === filters.categoryId,
    };
    if ((Object.keys(has) as FactToken[]).every((token) => !reads(token) || has[token])) indexed++;
    if (!has.categoryId) continue;
    if (walkFact === 'model' && row.model !== model) continue;
    if (walkFact === 'storageGb' && row.storageGb !== storageGb) continue;
    if (walkFact === 'colour' && row.colour !== colour) continue;
    const batteryOk = minBattery === undefined || (row.batteryHealth !== null && row.batteryHealth >= minBattery);
    // Down the scope's own order, the index skips listings below a battery floor (walkCategory).
    if (walkFact === undefined && !batteryOk) continue;
    walked++;
    if (has.storageGb && has.colour && has.networkLock && has.model && batteryOk) matching++;
  }
  return { walkShare: walked === 0 ? 0 : matching / walked, indexRows: indexed / stats.factSampleShare };
};

const lowerBound = (sorted: string[], value: string) => {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (sorted[mid]! < value) low = mid + 1;
    else high = mid;
  }
  return low;
};

/**
 * The plan for a filtered page when none is forced: walk first unless the statistics show the walk
 * cannot fill a page, when it would be wasted. The words and condition give a bound on their share;
 * the facts give estimates from sampled rows: the index way when it reads fewer listings than the
 * walk would pass to fill the page. Without statistics (not sampled yet), the walk.
 */
export const choosePlan = (
  stats: LexemeStats | undefined,
  filters: BrowseFilters,
  words: string[],
  sort: BrowseSort,
  wanted: number,
): SearchPlan => {
  const bound = stats && matchShareBound(stats, filters, words);
  const facts = stats && factEstimate(stats, filters, sort);
  return (bound !== undefined && bound * searchWindowRows < wanted) ||
    (facts !== undefined && facts.indexRows * facts.walkShare < wanted)
    ? 'index'
    : 'walk';
};

/**
 * A second, shorter walk for a first walk that went its whole length just short of a page (`need`
 * more, having found `found`), or undefined when the index should find the rest: matches are about
 * as common as the walk is long, so a walk sized from what the first found usually finishes the
 * page for far less than fetching every later match through the index would cost.
 */
export const secondWalkOf = (need: number, found: number): { limit: number; maxRows: number } | undefined =>
  need <= found
    ? {
        limit: bucketAbove(need, [1, 2, 4, 8, 16, 32, 64, 128]),
        maxRows: bucketAbove((2 * need * searchWindowRows) / found, continuationRows),
      }
    : undefined;
